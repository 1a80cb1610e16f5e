import { featureRefusal } from '../etherscan/OptionalFeatures.js';
import { feeNeedsReceipt, getChain } from '../chains/chains.js';
import type { FeeSource } from '../config/Job.js';
import { walletsOnChain } from '../config/walletsOnChain.js';
import type { EtherscanApi } from '../etherscan/EtherscanApi.js';
import { DailyLimitError } from '../etherscan/errors.js';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import { STREAMS } from '../etherscan/wire.js';
import type { RecordStore } from '../store/RecordStore.js';
import type { BlockPlan } from './planBlockRanges.js';
import type { SyncWallet } from './SyncWallet.js';

/** The calls a cold sync will make, known before it starts. */
export interface CallEstimate {
  /** One page per (chain, wallet, stream) at least, more where the wallet's own transactions alone fill pages. */
  listPages: number;
  /** Receipts the fees need: what each wallet sent from the first block whose fee needs one, by its nonces. */
  receipts: number;
  /** Calls this estimate cost (two nonces per chain and wallet with receipts to count). */
  ownCalls: number;
}

export type CallEstimateResult = { estimate: CallEstimate } | { unavailable: string } | { warm: true };

export interface EstimateInput {
  api: EtherscanApi;
  store: RecordStore;
  plan: BlockPlan;
  wallets: readonly SyncWallet[];
  fees: FeeSource;
  ripeness?: Readonly<Record<number, number>>;
  pageSize?: number;
}

/**
 * Before a cold sync (nothing of the job stored yet), counts the calls it will make. Receipts dominate
 * and are known exactly: a wallet's nonce at two blocks tells how many transactions it sent between them.
 * A store that holds part of the job is warm: its sync is short and the estimate is skipped, so a resumed
 * run makes no extra call. An explorer that cannot answer nonces (or any other API refusal) leaves the
 * estimate unavailable, never the sync; a daily limit, or an error that is not the API's, is rethrown.
 */
export async function estimateCalls(input: EstimateInput): Promise<CallEstimateResult> {
  const { api, store, plan } = input;
  const pageSize = input.pageSize ?? 1000;
  const keys = plan.ranges.flatMap((range) =>
    walletsOnChain(input.wallets, range.chainId).map((wallet) => ({ range, wallet: wallet.address.toLowerCase() })),
  );
  if (keys.some(({ range, wallet }) => STREAMS.some((stream) => store.syncedRange(range.chainId, wallet, stream) !== null)))
    return { warm: true };
  const estimate: CallEstimate = { listPages: 0, receipts: 0, ownCalls: 0 };
  try {
    for (const { range, wallet } of keys) {
      const chain = getChain(range.chainId);
      const toBlock = Math.min(range.endBlock, range.headBlock - (input.ripeness?.[chain.id] ?? chain.ripenessBlocks));
      const from = firstReceiptBlock(range.startBlock, toBlock, (block) => input.fees === 'receipts' || feeNeedsReceipt(chain, block));
      let sent = 0;
      if (from !== null) {
        const before = from === 0 ? 0 : await api.transactionCount(chain.id, wallet, from - 1);
        sent = (await api.transactionCount(chain.id, wallet, toBlock)) - before;
        estimate.ownCalls += from === 0 ? 1 : 2;
      }
      estimate.receipts += Math.max(0, sent);
      estimate.listPages += STREAMS.length - 1 + Math.max(1, Math.ceil(sent / pageSize));
    }
  } catch (error) {
    // Whatever the API says about nonces, the sync itself still decides whether the run can go on.
    if (error instanceof LedgerscanError && !(error instanceof DailyLimitError))
      return { unavailable: featureRefusal(error) ?? error.shortMessage };
    throw error;
  }
  return { estimate };
}

/**
 * The first block of [from, to] whose fee needs a receipt; `null` when none does. Receipts are needed from
 * a chain's fee market on, so the blocks that need one are a suffix of the range: a binary search finds it.
 */
function firstReceiptBlock(from: number, to: number, needs: (block: number) => boolean): number | null {
  if (from > to || !needs(to)) return null;
  let low = from;
  let high = to;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (needs(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}

import { feeNeedsReceipt, getChain } from '../src/chains/chains.js';
import type { JobPeriod, JobWallet } from '../src/config/Job.js';
import { STREAMS } from '../src/etherscan/wire.js';
import type { Stream } from '../src/etherscan/wire.js';
import type { SyncedChain } from '../src/sync/syncJob.js';
import type { World } from '../src/sandbox/World.js';

/** The fewest calls any client could make to export the job from scratch, computed from the world itself. */
export interface MinimumCalls {
  /** Per (chain, wallet, stream): ceil(rows in range / page size), at least 1 (an empty answer is still a call). */
  listPages: number;
  /** Distinct transactions in range sent by an owned wallet whose fee needs a receipt (from the chain's fee market on). */
  receipts: number;
  /** Those whose txlist row gives the exact fee (before the fee market): no call. */
  receiptsNotNeeded: number;
  /** Per chain: the head, plus one getblocknobytime per period end that is not in the future. */
  blockLookups: number;
  total: number;
  /** Rows in range per stream, summed over wallets and chains, to show the world's shape. */
  rowsByStream: Record<Stream, number>;
}

export function minimumCalls(
  world: World,
  wallets: readonly JobWallet[],
  chains: readonly SyncedChain[],
  period: Pick<JobPeriod, 'startTime' | 'endTime'>,
  nowSeconds: number,
  pageSize = 1000,
): MinimumCalls {
  const rowsByStream = Object.fromEntries(STREAMS.map((stream) => [stream, 0])) as Record<Stream, number>;
  let listPages = 0;
  let receipts = 0;
  let receiptsNotNeeded = 0;
  let blockLookups = 0;
  for (const { chainId, fromBlock, toBlock } of chains) {
    const data = world.chain(chainId);
    if (data === undefined) throw new Error(`the world has no chain ${chainId}`);
    blockLookups += period.startTime > nowSeconds ? 1 : period.endTime > nowSeconds ? 2 : 3;
    const owned = wallets.filter((wallet) => wallet.chains === null || wallet.chains.includes(chainId)).map((wallet) => wallet.address);
    const ownedIds = new Set(owned.map((address) => world.addresses.find(address)).filter((id) => id !== undefined));
    const feeTxs = new Set<number>();
    for (const address of owned) {
      for (const stream of STREAMS) {
        let rows = 0;
        for (const row of world.rowsOf(chainId, stream, address)) {
          const tx = world.txOfRow(chainId, stream, row);
          const block = data.txs.get('block', tx);
          if (block < fromBlock || block > toBlock) continue;
          rows += 1;
          if (stream === 'txlist' && ownedIds.has(data.txs.get('from', tx))) feeTxs.add(tx);
        }
        rowsByStream[stream] += rows;
        listPages += Math.max(1, Math.ceil(rows / pageSize));
      }
    }
    const chain = getChain(chainId);
    for (const tx of feeTxs) {
      if (feeNeedsReceipt(chain, data.txs.get('block', tx))) receipts += 1;
      else receiptsNotNeeded += 1;
    }
  }
  return { listPages, receipts, receiptsNotNeeded, blockLookups, total: listPages + receipts + blockLookups, rowsByStream };
}

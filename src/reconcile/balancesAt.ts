import type { Instant } from '../config/parseInstant.js';
import type { EtherscanApi } from '../etherscan/EtherscanApi.js';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import { featureRefusal } from '../etherscan/OptionalFeatures.js';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import { parseInteger } from '../ledger/money.js';
import { type Bucket, rollForward, type WalletOnChain } from './rollForward.js';

export type BalanceCheckApi = Pick<EtherscanApi, 'balanceHistory' | 'tokenBalanceHistory'>;

export type BalanceStatus = 'match' | 'differs' | 'unchecked';

/** One asset of one wallet at the instant: the ledger's holding and, where the API could say, the chain's. */
export interface BalanceAt {
  bucket: Bucket;
  /** The ledger's balance after every entry up to the instant (`bucket.closing`). */
  balance: bigint;
  /** The chain's last block at or before the instant. */
  block: number;
  chainBalance: bigint | null;
  difference: bigint | null;
  status: BalanceStatus;
  /** Why a row is unchecked ('' otherwise). */
  note: string;
}

export interface BalancesAtResult {
  at: Instant;
  rows: BalanceAt[];
  /** `unavailable`: the API refused the historical endpoints (API Pro, or not implemented), so the figures rest on the ledger alone. */
  check: 'off' | 'done' | 'unavailable';
  /** The API's refusal when `check` is `unavailable`, else ''. */
  refusal: string;
  historicalCalls: number;
  /** Every non-spam row that could be checked matches. */
  allMatch: boolean;
}

export interface BalancesAtOptions {
  api: BalanceCheckApi;
  /** The whole ledger up to a synced block at or after the instant, ascending per chain. */
  entries: Iterable<LedgerEntry>;
  at: Instant;
  wallets: readonly WalletOnChain[];
  /** Each chain's last block at or before the instant. */
  blockByChain: ReadonlyMap<number, number>;
  check: 'auto' | 'off';
}

/**
 * Holdings per chain, wallet and asset at an instant, from the ledger, each fungible one compared with the
 * API's historical balance at the chain's last block up to that instant (a block's transactions all share its
 * timestamp, so "entries up to the instant" and "the state after that block" are the same set). Spam is listed
 * but not checked: each check is a 2/s historical call, and fake tokens report balances their events never explain.
 */
export async function balancesAt(options: BalancesAtOptions): Promise<BalancesAtResult> {
  const { at } = options;
  const upToInstant = function* (): Iterable<LedgerEntry> {
    for (const entry of options.entries) if (entry.timestamp <= at.time) yield entry;
  };
  // A period starting after the instant puts every entry up to it into the opening, which `closing` then equals.
  const buckets = rollForward(upToInstant(), { startTime: at.time + 1, endTime: at.time + 1 }, options.wallets);
  const rows: BalanceAt[] = buckets.map((bucket) => ({
    bucket,
    balance: bucket.closing,
    block: blockOf(options.blockByChain, bucket.chainId),
    chainBalance: null,
    difference: null,
    status: 'unchecked',
    note: '',
  }));

  let check: BalancesAtResult['check'] = options.check === 'off' ? 'off' : 'done';
  let historicalCalls = 0;
  let refusal = '';
  for (const row of rows) {
    row.note = uncheckedReason(row, check, refusal);
    if (row.note !== '') continue;
    try {
      historicalCalls += 1;
      row.chainBalance = await chainBalanceAt(options.api, row.bucket, row.block);
    } catch (error) {
      const refused = featureRefusal(error);
      if (refused === undefined) throw error;
      check = 'unavailable';
      refusal = refused;
      row.note = uncheckedReason(row, check, refusal);
      continue;
    }
    row.difference = row.balance - row.chainBalance;
    row.status = row.difference === 0n ? 'match' : 'differs';
  }
  const allMatch = rows.every((row) => row.bucket.spam !== '' || row.status !== 'differs');
  return { at, rows, check, refusal, historicalCalls, allMatch };
}

function uncheckedReason(row: BalanceAt, check: BalancesAtResult['check'], refusal: string): string {
  if (check === 'off') return 'not checked (--no-check)';
  if (check === 'unavailable') return `historical balances unavailable: ${refusal}`;
  if (row.bucket.assetKind === 'erc721' || row.bucket.assetKind === 'erc1155') return 'the API has no historical balance for NFTs';
  if (row.bucket.spam !== '') return 'spam: not checked';
  return '';
}

function blockOf(blockByChain: ReadonlyMap<number, number>, chainId: number): number {
  const block = blockByChain.get(chainId);
  if (block === undefined)
    throw new LedgerscanError('no block at the instant for a chain in the ledger', { details: { chainid: chainId } });
  return block;
}

async function chainBalanceAt(api: BalanceCheckApi, bucket: Bucket, block: number): Promise<bigint> {
  const text =
    bucket.assetKind === 'native'
      ? await api.balanceHistory(bucket.chainId, bucket.wallet, block)
      : await api.tokenBalanceHistory(bucket.chainId, bucket.assetContract, bucket.wallet, block);
  return parseInteger(text);
}

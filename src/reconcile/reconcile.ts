import { LedgerscanError } from '../errors/LedgerscanError.js';
import type { EtherscanApi } from '../etherscan/EtherscanApi.js';
import type { UnavailableFeature } from '../etherscan/OptionalFeatures.js';
import { OptionalFeatures } from '../etherscan/OptionalFeatures.js';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import { parseInteger } from '../ledger/money.js';
import type { BucketCheck } from './compareWithChain.js';
import { compareWithChain } from './compareWithChain.js';
import type { BalancePoint, Divergence } from './findFirstDivergence.js';
import { findFirstDivergence } from './findFirstDivergence.js';
import type { Bucket, ReconcilePeriod, WalletOnChain } from './rollForward.js';
import { rollForward } from './rollForward.js';
import { assetKey, assetRefOf } from '../holdings/AssetRef.js';
import { signedAmount } from '../holdings/RollForward.js';

export type ReconcileApi = Pick<EtherscanApi, 'balance' | 'balanceMulti' | 'tokenBalance' | 'balanceHistory' | 'tokenBalanceHistory'>;

export interface ReconcileOptions {
  api: ReconcileApi;
  /** The whole ledger up to the synced blocks, ascending; called once per pass (at most twice). */
  entries: () => Iterable<LedgerEntry>;
  period: ReconcilePeriod;
  /** The job's wallets per chain: their native balances are compared even where the ledger is empty. */
  wallets?: readonly WalletOnChain[];
  /** The block each chain's ledger is synced to: the head, since chain balances are read at `latest`. */
  syncedBlockByChain: ReadonlyMap<number, number>;
  /** `auto`: search for the first divergent block with the historical-balance endpoints, if the plan has them. */
  historical: 'auto' | 'off';
}

/**
 * - `off`: not asked for;
 * - `not-needed`: nothing differed;
 * - `used`: differences were searched block by block;
 * - `unavailable`: the API refused the historical endpoints (API Pro, or an explorer without them): hints come from the sign only.
 */
export type HistoricalUse = 'off' | 'not-needed' | 'used' | 'unavailable';

export interface BucketResult extends BucketCheck {
  syncedBlock: number;
  /** Where the ledger first parts from the chain, when historical balances could tell. */
  divergence: Divergence | null;
}

export interface ReconcileResult {
  period: ReconcilePeriod;
  syncedBlockByChain: ReadonlyMap<number, number>;
  historical: HistoricalUse;
  buckets: BucketResult[];
  /** Every non-spam bucket with a chain balance matches exactly. Spam is reported apart and does not count. */
  allMatch: boolean;
  /** Historical balance calls made. */
  historicalCalls: number;
  /** Balance actions the API refused, once per chain: their buckets have no chain balance or no divergent block. */
  unavailable: UnavailableFeature[];
}

/**
 * Rolls the ledger forward per asset, compares each total with the chain, and for each difference looks for
 * the first divergent block. Spam buckets are compared but not searched: fake tokens often report
 * balances their own transfer events never explain, and each search step costs a 2/s historical call.
 */
export async function reconcile(options: ReconcileOptions): Promise<ReconcileResult> {
  const buckets = rollForward(options.entries(), options.period, options.wallets ?? []);
  const syncedBlock = (bucket: Bucket): number => {
    const block = options.syncedBlockByChain.get(bucket.chainId);
    if (block === undefined)
      throw new LedgerscanError('no synced block for a chain in the ledger', { details: { chainid: bucket.chainId } });
    return block;
  };
  const features = new OptionalFeatures();
  const checks = await compareWithChain(options.api, buckets, features);
  const results: BucketResult[] = checks.map((check) => ({ ...check, syncedBlock: syncedBlock(check.bucket), divergence: null }));

  const toSearch = results.filter((result) => result.status === 'differs' && result.bucket.spam === '');
  let historicalCalls = 0;
  let searched = 0;
  if (options.historical === 'auto' && toSearch.length > 0) {
    const points = balancePoints(options.entries(), new Set(toSearch.map((result) => result.bucket.key)));
    for (const result of toSearch) {
      const bucketPoints = points.get(result.bucket.key) ?? [];
      const last = bucketPoints.at(-1);
      if (last === undefined || last.block < result.syncedBlock) {
        bucketPoints.push({ block: result.syncedBlock, ledger: result.bucket.balance, txHashes: [] });
      }
      const search = await searchDivergence(options.api, features, result.bucket, bucketPoints);
      if (search === undefined) continue;
      searched += 1;
      historicalCalls += search.calls;
      result.divergence = search.divergence;
      result.hint =
        search.divergence === null ? afterSyncedHint(result.syncedBlock) : `${divergenceHint(search.divergence)}; ${result.hint}`;
    }
  }
  const historical: HistoricalUse =
    options.historical === 'off' ? 'off' : toSearch.length === 0 ? 'not-needed' : searched > 0 ? 'used' : 'unavailable';

  const allMatch = results.every((result) => result.bucket.spam !== '' || result.status !== 'differs');
  return {
    period: options.period,
    syncedBlockByChain: options.syncedBlockByChain,
    historical,
    buckets: results,
    allMatch,
    historicalCalls,
    unavailable: features.unavailable(),
  };
}

/** The running balance of each wanted bucket at the end of every block where it changed. */
function balancePoints(entries: Iterable<LedgerEntry>, keys: ReadonlySet<string>): Map<string, BalancePoint[]> {
  const points = new Map<string, { block: number; ledger: bigint; txHashes: string[] }[]>();
  for (const entry of entries) {
    const key = assetKey(assetRefOf(entry, 'token'));
    if (!keys.has(key)) continue;
    let list = points.get(key);
    if (list === undefined) {
      list = [];
      points.set(key, list);
    }
    const signed = signedAmount(entry);
    const last = list.at(-1);
    if (last !== undefined && last.block === entry.blockNumber) {
      last.ledger += signed;
      if (!last.txHashes.includes(entry.txHash)) last.txHashes.push(entry.txHash);
    } else {
      list.push({ block: entry.blockNumber, ledger: (last?.ledger ?? 0n) + signed, txHashes: [entry.txHash] });
    }
  }
  return points;
}

/** `undefined` when the API does not serve the bucket's historical action (API Pro, or an explorer without it). */
async function searchDivergence(
  api: ReconcileApi,
  features: OptionalFeatures,
  bucket: Bucket,
  points: readonly BalancePoint[],
): Promise<{ divergence: Divergence | null; calls: number } | undefined> {
  let calls = 0;
  const native = bucket.assetKind === 'native';
  const chainBalanceAt = async (block: number): Promise<bigint> => {
    calls += 1;
    const text = native
      ? await api.balanceHistory(bucket.chainId, bucket.wallet, block)
      : await api.tokenBalanceHistory(bucket.chainId, bucket.assetContract, bucket.wallet, block);
    return parseInteger(text);
  };
  const feature = native ? 'balancehistory' : 'tokenbalancehistory';
  const divergence = await features.attempt(feature, bucket.chainId, () => findFirstDivergence(points, chainBalanceAt));
  return divergence === undefined ? undefined : { divergence, calls };
}

function divergenceHint(divergence: Divergence): string {
  const where = `first divergent block ${divergence.block}`;
  return divergence.txHashes.length === 0
    ? `${where}, where the ledger has no entry for this asset: a record of that block is missing from the API's lists`
    : `${where} (tx ${divergence.txHashes.join(' ')})`;
}

function afterSyncedHint(syncedBlock: number): string {
  return `the chain agrees with the ledger at the synced block ${syncedBlock}; the difference comes from later blocks: sync to the head again`;
}

import { getChain } from '../chains/chains.js';
import type { JobPeriod } from '../config/Job.js';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import { type AssetKind, type AssetRef, assetKey } from '../holdings/AssetRef.js';
import { type Position, RollForward, signedAmount } from '../holdings/RollForward.js';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';

/** The period's bounds in unix seconds (`startTime` inclusive, `endTime` exclusive), and its days when a job gave them. */
export type ReconcilePeriod = Pick<JobPeriod, 'startTime' | 'endTime'> & Partial<Pick<JobPeriod, 'from' | 'to'>>;

/**
 * The roll-forward of one asset (one NFT id apart from another) of one wallet on one chain, in integer base units:
 * `closing = opening + inflow − outflow − fees`, and `balance` is the balance after every entry up to
 * the synced block (equal to `closing` when the period reaches the synced block).
 */
export interface Bucket extends Position {
  chainId: number;
  wallet: string;
  walletLabel: string;
  assetKind: AssetKind;
  /** Symbol of the first entry; '' when the explorer has none. */
  asset: string;
  /** Lowercase; '' for the native asset. */
  assetContract: string;
  tokenId: string;
  /** `null` when no entry knew the token's decimals: amounts then stay in base units. */
  decimals: number | null;
  opening: bigint;
  inflow: bigint;
  outflow: bigint;
  fees: bigint;
  closing: bigint;
  entryCount: number;
  /**
   * The first spam reason when every entry is spam ('' otherwise): such buckets are reported apart. A real token
   * that also received poisoning dust stays with the real holdings.
   */
  spam: string;
  /** The first block after which the running balance was below zero: something coming in is missing. */
  firstNegativeBlock: number | null;
  lastBlock: number;
}

/** An owned wallet on a chain: its native balance is checked even when the ledger has nothing for it. */
export interface WalletOnChain {
  chainId: number;
  wallet: string;
  walletLabel: string;
}

/**
 * Rolls every wallet's balances forward over the period. `entries` must be the whole ledger up to the
 * synced block, ascending per chain: the opening balance is everything before the period, so a ledger
 * that starts at the period would report a wrong opening. Holds one bucket per asset, never the history.
 * Buckets come back sorted: spam last (so reports list it apart), chain, wallet, native first, contract,
 * token id. Each of `wallets` gets a native bucket even without entries: a wallet whose history the sync
 * missed entirely would otherwise never be compared with the chain.
 */
export function rollForward(entries: Iterable<LedgerEntry>, period: ReconcilePeriod, wallets: readonly WalletOnChain[] = []): Bucket[] {
  const buckets = new RollForward<Bucket>('token', newBucket);
  for (const { chainId, wallet, walletLabel } of wallets) {
    const chain = getChain(chainId);
    const ref: AssetRef = { chainId, wallet, kind: 'native', contract: '', tokenId: '' };
    buckets.seed(newBucket(assetKey(ref), ref, { walletLabel, asset: chain.nativeSymbol, decimals: chain.nativeDecimals, blockNumber: 0 }));
  }
  for (const entry of entries) {
    const bucket = buckets.of(entry);
    if (entry.blockNumber < bucket.lastBlock) {
      throw new LedgerscanError('ledger entries are not in block order', {
        details: { bucket: bucket.key, block: entry.blockNumber, after: bucket.lastBlock, tx: entry.txHash },
      });
    } else if (entry.blockNumber > bucket.lastBlock) {
      // Checked per block, not per entry: inside one transaction an out may be listed before the in that funds it.
      noteNegative(bucket);
      bucket.lastBlock = entry.blockNumber;
    }
    buckets.add(entry);
    add(bucket, entry, period);
  }
  const result = buckets.positions();
  for (const bucket of result) {
    noteNegative(bucket);
    bucket.closing = bucket.opening + bucket.inflow - bucket.outflow - bucket.fees;
  }
  return result.sort(compareBuckets);
}

function newBucket(key: string, ref: AssetRef, entry: Pick<LedgerEntry, 'walletLabel' | 'asset' | 'decimals' | 'blockNumber'>): Bucket {
  return {
    key,
    ref,
    balance: 0n,
    chainId: ref.chainId,
    wallet: ref.wallet,
    walletLabel: entry.walletLabel,
    assetKind: ref.kind,
    asset: entry.asset,
    assetContract: ref.contract,
    tokenId: ref.tokenId,
    decimals: entry.decimals,
    opening: 0n,
    inflow: 0n,
    outflow: 0n,
    fees: 0n,
    closing: 0n,
    entryCount: 0,
    spam: '',
    firstNegativeBlock: null,
    lastBlock: entry.blockNumber,
  };
}

/** Buckets holding at least one entry that is not spam. */
const withCleanEntry = new WeakSet<Bucket>();

function add(bucket: Bucket, entry: LedgerEntry, period: ReconcilePeriod): void {
  const signed = signedAmount(entry);
  bucket.entryCount += 1;
  if (bucket.decimals === null) bucket.decimals = entry.decimals;
  if (bucket.asset === '') bucket.asset = entry.asset;
  if (entry.spam === '') {
    bucket.spam = '';
    withCleanEntry.add(bucket);
  } else if (bucket.spam === '' && !withCleanEntry.has(bucket)) {
    bucket.spam = entry.spam;
  }
  if (entry.timestamp < period.startTime) bucket.opening += signed;
  else if (entry.timestamp >= period.endTime) return;
  else if (entry.kind === 'fee') bucket.fees += entry.amountRaw;
  else if (entry.direction === 'in') bucket.inflow += entry.amountRaw;
  else bucket.outflow += entry.amountRaw;
}

function noteNegative(bucket: Bucket): void {
  if (bucket.firstNegativeBlock === null && bucket.balance < 0n) bucket.firstNegativeBlock = bucket.lastBlock;
}

const KIND_ORDER: Readonly<Record<AssetKind, number>> = { native: 0, erc20: 1, erc721: 2, erc1155: 3 };

function compareBuckets(a: Bucket, b: Bucket): number {
  return (
    Number(a.spam !== '') - Number(b.spam !== '') ||
    a.chainId - b.chainId ||
    compareText(a.wallet, b.wallet) ||
    KIND_ORDER[a.assetKind] - KIND_ORDER[b.assetKind] ||
    compareText(a.assetContract, b.assetContract) ||
    compareTokenIds(a.tokenId, b.tokenId)
  );
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Token ids are uint256 in decimal: numeric order, so `#10` follows `#9`. */
function compareTokenIds(a: string, b: string): number {
  return a.length - b.length || compareText(a, b);
}

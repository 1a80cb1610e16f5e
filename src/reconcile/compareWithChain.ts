import pLimit from 'p-limit';
import type { EtherscanApi } from '../etherscan/EtherscanApi.js';
import { parseInteger } from '../ledger/money.js';
import type { Bucket } from './rollForward.js';

export type ReconcileStatus = 'match' | 'differs' | 'no-chain-balance';

export interface BucketCheck {
  bucket: Bucket;
  /** The API's balance at `latest`; `null` for NFTs, which have no balance endpoint. */
  chainBalance: bigint | null;
  /** Ledger total − chain balance; `null` without a chain balance. */
  difference: bigint | null;
  status: ReconcileStatus;
  /** What the status suggests to look for; '' for a match. */
  hint: string;
}

/**
 * Requests in flight at once. The client's rate limiter paces them anyway; a few at a time only hides
 * latency without queueing thousands of promises for a wallet full of airdropped tokens.
 */
const CONCURRENCY = 4;

/**
 * Compares each bucket's all-history total with the API's balance at `latest`. Only meaningful when the
 * ledger is synced to the head (the caller's job): a movement after the synced block shows as a difference.
 * A match is exact, to the base unit.
 */
export async function compareWithChain(api: Pick<EtherscanApi, 'balance' | 'tokenBalance'>, buckets: readonly Bucket[]): Promise<BucketCheck[]> {
  const limit = pLimit(CONCURRENCY);
  return Promise.all(buckets.map((bucket) => limit(() => check(api, bucket))));
}

async function check(api: Pick<EtherscanApi, 'balance' | 'tokenBalance'>, bucket: Bucket): Promise<BucketCheck> {
  if (bucket.assetKind === 'erc721' || bucket.assetKind === 'erc1155') {
    return {
      bucket,
      chainBalance: null,
      difference: null,
      status: 'no-chain-balance',
      hint: 'the API has no balance endpoint for NFTs: check the holding by hand',
    };
  }
  const text =
    bucket.assetKind === 'native'
      ? await api.balance(bucket.chainId, bucket.wallet)
      : await api.tokenBalance(bucket.chainId, bucket.assetContract, bucket.wallet);
  const chainBalance = parseInteger(text);
  const difference = bucket.total - chainBalance;
  return { bucket, chainBalance, difference, status: difference === 0n ? 'match' : 'differs', hint: differenceHint(bucket, difference) };
}

/** Koinly's reading of the sign: calculated − reported > 0 means something going out was never recorded. */
function differenceHint(bucket: Bucket, difference: bigint): string {
  if (difference === 0n) return '';
  const sign =
    difference > 0n
      ? 'the ledger holds more than the chain: a withdrawal or fee is missing from the ledger, or an inflow is counted twice'
      : 'the ledger holds less than the chain: a deposit is missing from the ledger, or an outflow is counted twice';
  return bucket.firstNegativeBlock === null
    ? sign
    : `${sign}; the ledger's running balance goes below zero after block ${bucket.firstNegativeBlock}, so an inflow before it is missing`;
}

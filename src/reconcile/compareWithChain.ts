import type { LimitFunction } from 'p-limit';
import pLimit from 'p-limit';
import type { EtherscanApi } from '../etherscan/EtherscanApi.js';
import type { OptionalFeatures } from '../etherscan/OptionalFeatures.js';
import { parseInteger } from '../ledger/money.js';
import type { Bucket } from './rollForward.js';

export type ReconcileStatus = 'match' | 'differs' | 'no-chain-balance';

export interface BucketCheck {
  bucket: Bucket;
  /** The API's balance at `latest`; `null` for NFTs, which have no balance endpoint, and where the API refused the balance action. */
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

/** Addresses the API takes in one `balancemulti` call. */
export const BALANCEMULTI_MAX = 20;

export type ChainBalanceApi = Pick<EtherscanApi, 'balance' | 'balanceMulti' | 'tokenBalance'>;

/**
 * Compares each bucket's all-history total with the API's balance at `latest`. Only meaningful when the
 * ledger is synced to the head (the caller's job): a movement after the synced block shows as a difference.
 * A match is exact, to the base unit. Native balances come 20 wallets a call where the API serves
 * `balancemulti`, else one `balance` call each; a balance action the API refuses leaves its buckets
 * without a chain balance and is marked unavailable in `features`.
 */
export async function compareWithChain(
  api: ChainBalanceApi,
  buckets: readonly Bucket[],
  features: OptionalFeatures,
): Promise<BucketCheck[]> {
  const limit = pLimit(CONCURRENCY);
  const native = await nativeBalances(api, buckets, features, limit);
  return Promise.all(buckets.map((bucket) => limit(() => check(api, bucket, features, native))));
}

/** `balancemulti` for every chain with two or more wallets, by `chainId|wallet`; what it refused stays absent. */
async function nativeBalances(
  api: ChainBalanceApi,
  buckets: readonly Bucket[],
  features: OptionalFeatures,
  limit: LimitFunction,
): Promise<Map<string, string>> {
  const walletsByChain = new Map<number, Set<string>>();
  for (const bucket of buckets) {
    if (bucket.assetKind !== 'native') continue;
    const wallets = walletsByChain.get(bucket.chainId) ?? new Set<string>();
    walletsByChain.set(bucket.chainId, wallets.add(bucket.wallet.toLowerCase()));
  }
  const balances = new Map<string, string>();
  const chains = [...walletsByChain].filter(([, wallets]) => wallets.size > 1);
  // One chain's batches run in turn, so a refusal costs one call, not one per batch.
  await Promise.all(
    chains.map(([chainId, wallets]) =>
      limit(async () => {
        const list = [...wallets];
        for (let start = 0; start < list.length && features.isAvailable('balancemulti', chainId); start += BALANCEMULTI_MAX) {
          const batch = list.slice(start, start + BALANCEMULTI_MAX);
          const found = await features.attempt('balancemulti', chainId, () => api.balanceMulti(chainId, batch));
          for (const [wallet, balance] of found ?? []) balances.set(`${chainId}|${wallet}`, balance);
        }
      }),
    ),
  );
  return balances;
}

async function check(
  api: ChainBalanceApi,
  bucket: Bucket,
  features: OptionalFeatures,
  native: ReadonlyMap<string, string>,
): Promise<BucketCheck> {
  if (bucket.assetKind === 'erc721' || bucket.assetKind === 'erc1155') {
    return noChainBalance(bucket, 'the API has no balance endpoint for NFTs: check the holding by hand');
  }
  const { chainId, wallet, assetContract } = bucket;
  const feature = bucket.assetKind === 'native' ? 'balance' : 'tokenbalance';
  const text =
    bucket.assetKind === 'native'
      ? (native.get(`${chainId}|${wallet.toLowerCase()}`) ?? (await features.attempt(feature, chainId, () => api.balance(chainId, wallet))))
      : await features.attempt(feature, chainId, () => api.tokenBalance(chainId, assetContract, wallet));
  if (text === undefined)
    return noChainBalance(bucket, `the API does not serve ${feature} here (see unavailable features): check the balance by hand`);
  const chainBalance = parseInteger(text);
  const difference = bucket.balance - chainBalance;
  return { bucket, chainBalance, difference, status: difference === 0n ? 'match' : 'differs', hint: differenceHint(bucket, difference) };
}

function noChainBalance(bucket: Bucket, hint: string): BucketCheck {
  return { bucket, chainBalance: null, difference: null, status: 'no-chain-balance', hint };
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

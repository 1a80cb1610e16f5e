import type { Bucket } from '../reconcile/rollForward.js';
import type { PriceOracle } from '../prices/PriceOracle.js';
import type { PricedAsset } from '../prices/priceQueryOf.js';
import { priceQueryOf } from '../prices/priceQueryOf.js';
import type { LegValue } from '../prices/valueLeg.js';
import { valueLeg } from '../prices/valueLeg.js';

/** A holding to value: the asset, its signed balance in base units, and the instant it is stated at. */
export interface HeldAmount {
  asset: PricedAsset;
  balance: bigint;
  time: number;
}

/** Values holdings (a statement at an instant, a period's closing): one `prepare` for all, then each answer. */
export async function valueHoldings(oracle: PriceOracle, held: readonly HeldAmount[]): Promise<LegValue[]> {
  const queries = held.map(({ asset, time }) => priceQueryOf(asset, time)).filter((query) => typeof query !== 'string');
  await oracle.prepare(queries);
  const prices = { currency: oracle.stats().currency, priceAt: oracle.priceAt.bind(oracle) };
  return held.map(({ asset, balance, time }) => valueLeg(prices, asset, balance, time));
}

/** A roll-forward bucket as the asset a price is asked for. */
export function pricedBucket(bucket: Bucket): PricedAsset {
  return {
    chainId: bucket.chainId,
    assetContract: bucket.assetContract,
    kind: bucket.assetKind,
    spam: bucket.spam,
    decimals: bucket.decimals,
  };
}

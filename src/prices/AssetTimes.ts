import type { PriceQuery } from './PriceQuery.js';

/**
 * One asset's questions: the distinct times rows (or balance instants) ask its price at, ascending. A million
 * rows' questions held this way are a few numbers per row, not an object and a string key each.
 */
export interface AssetTimes {
  chainId: number;
  /** `native` or the token contract. */
  asset: string;
  nft?: boolean;
  times: number[];
}

/** An asset's questions from rows: with its symbol (for the missing list) and how many rows ask at each time (0: a balance instant). */
export interface AskedAsset extends AssetTimes {
  symbol: string;
  rows: number[];
}

/** An asset's name within its chain: NFTs apart from a fungible token at the same contract. */
export function assetName(what: Omit<PriceQuery, 'time'>): string {
  return what.nft === true ? `${what.asset}+nft` : what.asset;
}

/** The asset's question at one of its times. */
export function queryAt(asset: Omit<AssetTimes, 'times'>, time: number): PriceQuery {
  return asset.nft === true
    ? { chainId: asset.chainId, asset: asset.asset, time, nft: true }
    : { chainId: asset.chainId, asset: asset.asset, time };
}

/** Plain questions grouped by asset (in the order each asset is first asked), each asset's times distinct and ascending. */
export function assetTimes(queries: Iterable<PriceQuery>): AssetTimes[] {
  const byName = new Map<string, AssetTimes>();
  for (const query of queries) {
    const name = `${query.chainId}|${query.asset}|${query.nft === true}`;
    let asset = byName.get(name);
    if (asset === undefined)
      byName.set(name, (asset = { chainId: query.chainId, asset: query.asset, ...(query.nft === true ? { nft: true } : {}), times: [] }));
    insertTime(asset.times, query.time);
  }
  return [...byName.values()];
}

/**
 * Puts `time` into ascending distinct `times` (appending when it comes last, as rows in ledger order do); its index,
 * negative (−index − 1) when it was there already.
 */
export function insertTime(times: number[], time: number): number {
  const last = times.length - 1;
  if (last < 0 || (times[last] as number) < time) return times.push(time) - 1;
  if (times[last] === time) return -last - 1;
  let low = 0;
  let high = last;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((times[middle] as number) < time) low = middle + 1;
    else high = middle;
  }
  if (times[low] === time) return -low - 1;
  times.splice(low, 0, time);
  return low;
}

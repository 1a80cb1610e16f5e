import type { MissingState } from './PriceAnswer.js';
import type { AskedQuery } from './PriceQueries.js';
import type { RowPrices } from './valueLeg.js';

export const MISSING_HEADER = ['chain_id', 'asset', 'asset_contract', 'first', 'last', 'rows', 'state'];

/** One asset of one chain left without a value for one reason, over the rows that asked. */
export interface MissingPrice {
  chainId: number;
  symbol: string;
  /** `native` or the token contract. */
  asset: string;
  first: number;
  last: number;
  rows: number;
  state: MissingState;
}

/** The rows of `prices-missing.csv`: per chain, asset and reason, ordered by chain then contract then reason. */
export function missingPrices(asked: Iterable<AskedQuery>, prices: RowPrices): MissingPrice[] {
  const missing = new Map<string, MissingPrice>();
  for (const { query, symbol, rows } of asked) {
    if (rows === 0) continue;
    const answer = prices.priceAt(query);
    if (answer.found) continue;
    const key = `${query.chainId}|${query.asset}|${answer.state}`;
    const known = missing.get(key);
    if (known === undefined) {
      missing.set(key, { chainId: query.chainId, symbol, asset: query.asset, first: query.time, last: query.time, rows, state: answer.state });
    } else {
      known.first = Math.min(known.first, query.time);
      known.last = Math.max(known.last, query.time);
      known.rows += rows;
    }
  }
  return [...missing.values()].sort((a, b) => a.chainId - b.chainId || compare(a.asset, b.asset) || compare(a.state, b.state));
}

/** A missing price as its CSV record (times ISO UTC). */
export function missingRecord(missing: MissingPrice): string[] {
  const iso = (time: number): string => new Date(time * 1000).toISOString().replace('.000Z', 'Z');
  return [String(missing.chainId), missing.symbol, missing.asset === 'native' ? '' : missing.asset, iso(missing.first), iso(missing.last), String(missing.rows), missing.state];
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

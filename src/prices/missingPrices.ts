import type { MissingState } from './PriceAnswer.js';
import type { UnqueriedReason } from './priceQueryOf.js';
import type { AskedAsset } from './AssetTimes.js';
import { queryAt } from './AssetTimes.js';
import type { RowPrices } from './valueLeg.js';

export const MISSING_HEADER = ['chain_id', 'asset', 'asset_contract', 'first', 'last', 'rows', 'state'];

/** Why a non-spam row has no value: no price (the oracle's state), or no units to value (`unknown decimals`, never asked). */
export type MissingReason = MissingState | Exclude<UnqueriedReason, 'spam'>;

/** One asset of one chain left without a value for one reason, over the rows that asked. */
export interface MissingPrice {
  chainId: number;
  symbol: string;
  /** `native` or the token contract. */
  asset: string;
  first: number;
  last: number;
  rows: number;
  state: MissingReason;
}

/** The rows of `prices-missing.csv`: per chain, asset and reason, ordered by chain then contract then reason. */
export function missingPrices(asked: Iterable<AskedAsset>, prices: RowPrices): MissingPrice[] {
  const missing = new MissingList();
  for (const one of asked) {
    one.times.forEach((time, i) => {
      const rows = one.rows[i] as number;
      if (rows === 0) return;
      const answer = prices.priceAt(queryAt(one, time));
      if (!answer.found) missing.add(one, time, rows, answer.state);
    });
  }
  return missing.list();
}

/** Missing prices gathered row by row (or from several threads' lists), listed in the file's order. */
export class MissingList {
  private readonly byKey = new Map<string, MissingPrice>();

  add(asset: { chainId: number; asset: string; symbol: string }, time: number, rows: number, state: MissingReason, last = time): void {
    const key = `${asset.chainId}|${asset.asset}|${state}`;
    const known = this.byKey.get(key);
    if (known === undefined) {
      this.byKey.set(key, { chainId: asset.chainId, symbol: asset.symbol, asset: asset.asset, first: time, last, rows, state });
    } else {
      known.first = Math.min(known.first, time);
      known.last = Math.max(known.last, last);
      known.rows += rows;
    }
  }

  /** Another list's entries (a thread's), the first symbol seen kept. */
  addAll(list: readonly MissingPrice[]): void {
    for (const one of list) this.add(one, one.first, one.rows, one.state, one.last);
  }

  list(): MissingPrice[] {
    return [...this.byKey.values()].sort((a, b) => a.chainId - b.chainId || compare(a.asset, b.asset) || compare(a.state, b.state));
  }
}

/** A missing price as its CSV record (times ISO UTC). */
export function missingRecord(missing: MissingPrice): string[] {
  const iso = (time: number): string => new Date(time * 1000).toISOString().replace('.000Z', 'Z');
  return [
    String(missing.chainId),
    missing.symbol,
    missing.asset === 'native' ? '' : missing.asset,
    iso(missing.first),
    iso(missing.last),
    String(missing.rows),
    missing.state,
  ];
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

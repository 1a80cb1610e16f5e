import { childMap } from '../childMap.js';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import { assetName, queryAt } from './AssetTimes.js';
import type { MissingPrice } from './missingPrices.js';
import { MissingList } from './missingPrices.js';
import type { PriceQuery } from './PriceQuery.js';
import { priceQueryOf } from './priceQueryOf.js';
import type { RowPrices } from './valueLeg.js';

/** Rows never asked for one reason, with the ledger instant (time, chain) of the first: threads' counts merge in the order one pass meets them. */
export interface UnqueriedRows {
  reason: string;
  rows: number;
  time: number;
  chainId: number;
}

/** A render's tally as plain data (it crosses from a worker thread as a structured clone). */
export interface TalliedPrices {
  /** Distinct questions (asset and time), the balance instants' included. */
  questions: number;
  unqueried: UnqueriedRows[];
  missing: MissingPrice[];
  /** Whether the counts are exact: every asset's rows came in ascending time, and no instant fell inside its rows' span. */
  exact: boolean;
}

/** An asset's rows so far: its symbol (the missing list's) and the span of their times. */
interface TalliedAsset {
  chainId: number;
  asset: string;
  nft?: true;
  symbol: string;
  first: number;
  last: number;
}

/**
 * What a render that prices its rows as they come needs to know of them afterwards, when its prices were final:
 * how many distinct questions they asked, which rows were never asked, and the missing list. A few numbers per
 * asset, not per row: the questions themselves are kept only by `PriceQueries`, for a render that needs a prepare.
 */
export class PriceTally {
  private readonly byChain = new Map<number, Map<string, TalliedAsset>>();
  private readonly assets: TalliedAsset[] = [];
  private readonly unqueried = new Map<string, UnqueriedRows>();
  private readonly missing = new MissingList();
  private questions = 0;
  private exact = true;
  /** The asset the last row asked for: a row's neighbours often ask for the same one (a transfer's value and fee). */
  private recent: TalliedAsset | null = null;

  constructor(private readonly prices: RowPrices) {}

  /**
   * The entries as they pass, each one's question answered (the render's own lookup then finds it answered) and
   * tallied. It hands on the inner iterator's own results, where a generator resumed a frame and made a result
   * object for each of a million entries; ending it early ends the inner one, as a `for…of` over a generator would.
   */
  noted(entries: Iterable<LedgerEntry>): Iterable<LedgerEntry> {
    return {
      [Symbol.iterator]: (): Iterator<LedgerEntry> => {
        const inner = entries[Symbol.iterator]();
        return {
          next: () => {
            const result = inner.next();
            if (result.done !== true) this.add(result.value);
            return result;
          },
          return: (value?: unknown) => inner.return?.(value) ?? { done: true, value },
        };
      },
    };
  }

  add(entry: LedgerEntry): void {
    const query = priceQueryOf(entry, entry.timestamp);
    if (typeof query === 'string') {
      const known = this.unqueried.get(query);
      if (known === undefined) this.unqueried.set(query, { reason: query, rows: 1, time: entry.timestamp, chainId: entry.chainId });
      else known.rows += 1;
      return;
    }
    const asset = this.assetOf(query, entry.asset);
    if (query.time > asset.last) {
      asset.last = query.time;
      this.questions += 1;
    } else if (query.time < asset.last) this.exact = false;
    const answer = this.prices.priceAt(query);
    if (!answer.found) this.missing.add(asset, query.time, 1, answer.state);
  }

  /**
   * The tally, after asking every asset's price at the instants balances are stated at (the period's first and
   * last second, outside or at the edge of its rows' span), so the prices' reader has looked up all a prepare would.
   */
  tallied(instants: readonly number[]): TalliedPrices {
    for (const asset of this.assets) {
      for (const time of instants) {
        if (time < asset.first || time > asset.last) this.questions += 1;
        else if (time !== asset.first && time !== asset.last) this.exact = false;
        this.prices.priceAt(queryAt(asset, time));
      }
    }
    return { questions: this.questions, unqueried: [...this.unqueried.values()], missing: this.missing.list(), exact: this.exact };
  }

  private assetOf(query: PriceQuery, symbol: string): TalliedAsset {
    // Asset names are one string per contract (`contractAddress`), so this compares by identity.
    const recent = this.recent;
    if (
      recent !== null &&
      recent.asset === query.asset &&
      recent.chainId === query.chainId &&
      (recent.nft === true) === (query.nft === true)
    )
      return recent;
    const assets = childMap(this.byChain, query.chainId);
    const name = assetName(query);
    let asset = assets.get(name);
    if (asset === undefined) {
      asset = {
        chainId: query.chainId,
        asset: query.asset,
        ...(query.nft === true ? { nft: true as const } : {}),
        symbol,
        first: query.time,
        last: -Infinity,
      };
      assets.set(name, asset);
      this.assets.push(asset);
    }
    this.recent = asset;
    return asset;
  }
}

/** Threads' tallies as one: questions summed, unqueried rows by reason in the order one pass meets them, missing lists merged. */
export function mergedTallies(parts: readonly TalliedPrices[]): TalliedPrices {
  const reasons = parts.flatMap((part) => part.unqueried).sort((a, b) => a.time - b.time || a.chainId - b.chainId);
  const unqueried = new Map<string, UnqueriedRows>();
  for (const one of reasons) {
    const known = unqueried.get(one.reason);
    if (known === undefined) unqueried.set(one.reason, { ...one });
    else known.rows += one.rows;
  }
  const missing = new MissingList();
  for (const part of parts) missing.addAll(part.missing);
  return {
    questions: parts.reduce((sum, part) => sum + part.questions, 0),
    unqueried: [...unqueried.values()],
    missing: missing.list(),
    exact: parts.every((part) => part.exact),
  };
}

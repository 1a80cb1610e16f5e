import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { PriceQuery } from './PriceQuery.js';
import { priceQueryOf, queryKey } from './priceQueryOf.js';

/** One distinct question and how many rows ask it, with the asset's symbol for the missing list. */
export interface AskedQuery {
  query: PriceQuery;
  symbol: string;
  rows: number;
}

/**
 * The one collecting pass of a valued export: every non-spam row's question, each distinct question once (rows at
 * one instant share it), plus the instants journals and balance rows state holdings at (the period's first and
 * last second) for every asset the period moved. Spam and unknown decimals are counted, never asked.
 */
export class PriceQueries {
  private readonly asked = new Map<string, AskedQuery>();
  private readonly assets = new Map<string, { query: PriceQuery; symbol: string }>();
  /** Rows never asked, by reason (`spam`, `unknown decimals`). */
  readonly unqueried = new Map<string, number>();

  add(entry: LedgerEntry): void {
    const query = priceQueryOf(entry, entry.timestamp);
    if (typeof query === 'string') {
      this.unqueried.set(query, (this.unqueried.get(query) ?? 0) + 1);
      return;
    }
    this.ask(query, entry.asset, 1);
    const asset = `${query.chainId}|${query.asset}`;
    if (!this.assets.has(asset)) this.assets.set(asset, { query, symbol: entry.asset });
  }

  /** Also asks every moved asset's price at these instants (the rows stating balances), counting no row. */
  addInstants(times: readonly number[]): void {
    for (const { query, symbol } of this.assets.values()) for (const time of times) this.ask({ ...query, time }, symbol, 0);
  }

  queries(): Iterable<PriceQuery> {
    return [...this.asked.values()].map((one) => one.query);
  }

  all(): Iterable<AskedQuery> {
    return this.asked.values();
  }

  get size(): number {
    return this.asked.size;
  }

  private ask(query: PriceQuery, symbol: string, rows: number): void {
    const key = queryKey(query);
    const known = this.asked.get(key);
    if (known === undefined) this.asked.set(key, { query, symbol, rows });
    else known.rows += rows;
  }
}

import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { PriceQuery } from './PriceQuery.js';
import { priceQueryOf, queryKey } from './priceQueryOf.js';
import { mergeSorted } from '../ledger/compareEntries.js';

/** One distinct question and how many rows ask it, with the asset's symbol for the missing list. */
export interface AskedQuery {
  query: PriceQuery;
  symbol: string;
  rows: number;
}

/**
 * One thread's questions as plain data that crosses to another thread cheaply: each distinct asset once, then per
 * question its asset's index, time and rows, in the order the thread first asked them; the reasons rows were never
 * asked with the instant (time, chain) of each reason's first row.
 */
export interface CollectedQueries {
  assets: { query: Omit<PriceQuery, 'time'>; symbol: string }[];
  asset: number[];
  time: number[];
  rows: number[];
  unqueried: { reason: string; rows: number; time: number; chainId: number }[];
}

/**
 * A valued export's questions, noted as its first render passes the entries: every non-spam row's question, each distinct question once (rows at
 * one instant share it), plus the instants journals and balance rows state holdings at (the period's first and
 * last second) for every asset the period moved. Spam and unknown decimals are counted, never asked.
 */
export class PriceQueries {
  private readonly asked = new Map<string, AskedQuery>();
  private readonly assets = new Map<string, { query: PriceQuery; symbol: string }>();
  /** Rows never asked, by reason (`spam`, `unknown decimals`). */
  readonly unqueried = new Map<string, number>();
  /** The ledger instant of each reason's first row, so threads' counts merge in the order one pass meets them. */
  private readonly firstUnqueried = new Map<string, { time: number; chainId: number }>();

  /**
   * The questions of threads that each rendered some chains, as one pass over the whole ledger collects them:
   * a thread's questions come in ledger order (time, then chain) and no two threads share a chain.
   */
  static merged(parts: readonly CollectedQueries[]): PriceQueries {
    const merged = new PriceQueries();
    const inLedgerOrder = (a: AskedQuery, b: AskedQuery): number => a.query.time - b.query.time || a.query.chainId - b.query.chainId;
    for (const { query, symbol, rows } of mergeSorted(parts.map(askedOf), inLedgerOrder)) merged.noteAsset(query, symbol, rows);
    const reasons = parts.flatMap((part) => part.unqueried).sort((a, b) => a.time - b.time || a.chainId - b.chainId);
    for (const { reason, rows, time, chainId } of reasons) merged.countUnqueried(reason, rows, time, chainId);
    return merged;
  }

  add(entry: LedgerEntry): void {
    const query = priceQueryOf(entry, entry.timestamp);
    if (typeof query === 'string') {
      this.countUnqueried(query, 1, entry.timestamp, entry.chainId);
      return;
    }
    this.noteAsset(query, entry.asset, 1);
  }

  /** The entries as they pass, each one's question noted: collected by the pass that renders them. */
  *noted(entries: Iterable<LedgerEntry>): Generator<LedgerEntry> {
    for (const entry of entries) {
      this.add(entry);
      yield entry;
    }
  }

  /** This thread's questions as plain data, for `merged` on another thread. */
  collected(): CollectedQueries {
    const assets = new Map<string, number>();
    const out: CollectedQueries = { assets: [], asset: [], time: [], rows: [], unqueried: [] };
    for (const { query, symbol, rows } of this.asked.values()) {
      const name = `${query.chainId}|${query.asset}|${query.nft === true}|${symbol}`;
      let index = assets.get(name);
      if (index === undefined) {
        assets.set(name, (index = out.assets.length));
        out.assets.push({ query: { chainId: query.chainId, asset: query.asset, ...(query.nft === true ? { nft: true } : {}) }, symbol });
      }
      out.asset.push(index);
      out.time.push(query.time);
      out.rows.push(rows);
    }
    for (const [reason, rows] of this.unqueried) out.unqueried.push({ reason, rows, ...(this.firstUnqueried.get(reason) as { time: number; chainId: number }) });
    return out;
  }

  private countUnqueried(reason: string, rows: number, time: number, chainId: number): void {
    if (!this.firstUnqueried.has(reason)) this.firstUnqueried.set(reason, { time, chainId });
    this.unqueried.set(reason, (this.unqueried.get(reason) ?? 0) + rows);
  }

  private noteAsset(query: PriceQuery, symbol: string, rows: number): void {
    this.ask(query, symbol, rows);
    const asset = `${query.chainId}|${query.asset}`;
    if (!this.assets.has(asset)) this.assets.set(asset, { query, symbol });
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

function* askedOf(part: CollectedQueries): Generator<AskedQuery> {
  for (const [i, index] of part.asset.entries()) {
    const { query, symbol } = part.assets[index] as CollectedQueries['assets'][number];
    const time = part.time[i] as number;
    yield { query: { chainId: query.chainId, asset: query.asset, time, ...(query.nft === true ? { nft: true } : {}) }, symbol, rows: part.rows[i] as number };
  }
}

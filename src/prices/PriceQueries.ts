import { childMap } from '../childMap.js';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { AskedAsset } from './AssetTimes.js';
import { insertTime, queryAt } from './AssetTimes.js';
import type { MissingState } from './PriceAnswer.js';
import type { MissingPrice } from './missingPrices.js';
import { MissingList } from './missingPrices.js';
import type { RowPrices } from './valueLeg.js';
import type { PriceQuery } from './PriceQuery.js';
import { priceQueryOf } from './priceQueryOf.js';

/**
 * One thread's questions as plain data that crosses to another thread cheaply (numbers in arrays): its assets in
 * the order it first asked them, the reasons rows were never asked with the instant (time, chain) of each reason's
 * first row, and its missing prices when it answered its questions as it noted them.
 */
export interface CollectedQueries {
  assets: AskedAsset[];
  unqueried: { reason: string; rows: number; time: number; chainId: number }[];
  missing: MissingPrice[] | null;
}

/** An asset's questions as noted, with each time's answer state when the notes are answered (`''`: priced; else empty). */
interface NotedAsset extends AskedAsset {
  states: (MissingState | '')[];
}

/**
 * A valued export's questions, noted as its first render passes the entries: every non-spam row's question, each
 * distinct (asset, time) once with its row count, plus the instants journals and balance rows state holdings at (the
 * period's first and last second) for every asset the period moved. Spam and unknown decimals are counted, never
 * asked. Given the prices the render reads, each new question is answered as it is noted (the render's own lookup of
 * that row then finds it answered), so the missing list needs no second pass.
 */
export class PriceQueries {
  /** chain → `native` or contract (`+nft` for NFTs) → asset; and the assets in the order first asked. */
  private readonly byChain = new Map<number, Map<string, NotedAsset>>();
  private readonly order: NotedAsset[] = [];
  private count = 0;
  /** Rows never asked, by reason (`spam`, `unknown decimals`). */
  readonly unqueried = new Map<string, number>();
  /** The ledger instant of each reason's first row, so threads' counts merge in the order one pass meets them. */
  private readonly firstUnqueried = new Map<string, { time: number; chainId: number }>();

  constructor(private readonly prices: RowPrices | null = null) {}

  /**
   * The questions of threads that each rendered some chains, as one pass over the whole ledger collects them: a
   * thread's assets come in ledger order (time, then chain) and no two threads share a chain.
   */
  static merged(parts: readonly CollectedQueries[]): PriceQueries {
    const merged = new PriceQueries();
    const assets = parts.flatMap((part) => part.assets).sort((a, b) => (a.times[0] as number) - (b.times[0] as number) || a.chainId - b.chainId);
    for (const asset of assets) merged.adopt(asset);
    const reasons = parts.flatMap((part) => part.unqueried).sort((a, b) => a.time - b.time || a.chainId - b.chainId);
    for (const { reason, rows, time, chainId } of reasons) merged.countUnqueried(reason, rows, time, chainId);
    return merged;
  }

  add(entry: LedgerEntry): void {
    const query = priceQueryOf(entry, entry.timestamp);
    if (typeof query === 'string') this.countUnqueried(query, 1, entry.timestamp, entry.chainId);
    else this.note(query, entry.asset, entry.timestamp, 1);
  }

  /** The entries as they pass, each one's question noted: collected by the pass that renders them. */
  *noted(entries: Iterable<LedgerEntry>): Generator<LedgerEntry> {
    for (const entry of entries) {
      this.add(entry);
      yield entry;
    }
  }

  /** This thread's questions as plain data, for `merged` on another thread (the answer states stay here). */
  collected(): CollectedQueries {
    const assets = this.order.map(({ chainId, asset, nft, symbol, times, rows }): AskedAsset => ({ chainId, asset, ...(nft === true ? { nft } : {}), symbol, times, rows }));
    const unqueried = [...this.unqueried].map(([reason, rows]) => ({ reason, rows, ...(this.firstUnqueried.get(reason) as { time: number; chainId: number }) }));
    return { assets, unqueried, missing: this.missing() };
  }

  /** The missing list of the answers given while noting (`null` when not answered): right when they were the final ones. */
  missing(): MissingPrice[] | null {
    if (this.prices === null) return null;
    const list = new MissingList();
    for (const asset of this.order) {
      asset.states.forEach((state, i) => {
        const rows = asset.rows[i] as number;
        if (state !== '' && rows > 0) list.add(asset, asset.times[i] as number, rows, state);
      });
    }
    return list.list();
  }

  /** Also asks every moved asset's price at these instants (the rows stating balances), counting no row. */
  addInstants(times: readonly number[]): void {
    for (const asset of [...this.order]) for (const time of times) this.note(asset, asset.symbol, time, 0);
  }

  /** The assets asked, in the order one pass first asks them. */
  assets(): readonly AskedAsset[] {
    return this.order;
  }

  /** Distinct questions (asset and time). */
  get size(): number {
    return this.count;
  }

  private countUnqueried(reason: string, rows: number, time: number, chainId: number): void {
    if (!this.firstUnqueried.has(reason)) this.firstUnqueried.set(reason, { time, chainId });
    this.unqueried.set(reason, (this.unqueried.get(reason) ?? 0) + rows);
  }

  /** A thread's asset taken whole (its arrays as they came); one asked by two threads merged time by time. */
  private adopt(asked: AskedAsset): void {
    if (this.find(asked) === undefined) this.make(asked, asked.symbol, asked.times, asked.rows);
    else asked.times.forEach((time, i) => this.note(asked, asked.symbol, time, asked.rows[i] as number));
  }

  /** `what` is the question itself when a row asks (answered as it is), else the asset of one. */
  private note(what: Omit<PriceQuery, 'time'> | PriceQuery, symbol: string, time: number, rows: number): void {
    const asset = this.find(what) ?? this.make(what, symbol, [], []);
    const index = insertTime(asset.times, time);
    if (index < 0) {
      asset.rows[-index - 1] = (asset.rows[-index - 1] as number) + rows;
      return;
    }
    this.count += 1;
    insertAt(asset.rows, index, rows);
    // Answer states are kept only by a thread that answers as it notes; a balance instant (no row) is not answered.
    if (this.prices !== null) insertAt(asset.states, index, rows === 0 ? '' : this.stateOf('time' in what ? what : queryAt(asset, time)));
  }

  private find(what: Omit<PriceQuery, 'time'>): NotedAsset | undefined {
    return this.byChain.get(what.chainId)?.get(nameOf(what));
  }

  /** Registers an asset first asked now, with the times and row counts it comes with. */
  private make(what: Omit<PriceQuery, 'time'>, symbol: string, times: number[], rows: number[]): NotedAsset {
    const asset: NotedAsset = { chainId: what.chainId, asset: what.asset, ...(what.nft === true ? { nft: true } : {}), symbol, times, rows, states: [] };
    childMap(this.byChain, what.chainId).set(nameOf(what), asset);
    this.order.push(asset);
    this.count += times.length;
    return asset;
  }

  private stateOf(query: PriceQuery): MissingState | '' {
    const answer = (this.prices as RowPrices).priceAt(query);
    return answer.found ? '' : answer.state;
  }
}

/** An asset's name within its chain: NFTs apart from a fungible token at the same contract. */
function nameOf(what: Omit<PriceQuery, 'time'>): string {
  return what.nft === true ? `${what.asset}+nft` : what.asset;
}

/** Appends when `index` is the end (rows in ledger order), else inserts: `splice` allocates its result on every call. */
function insertAt<T>(list: T[], index: number, value: T): void {
  if (index === list.length) list.push(value);
  else list.splice(index, 0, value);
}

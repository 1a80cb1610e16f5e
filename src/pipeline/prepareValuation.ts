import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { PricedHistory } from '../outputs/Output.js';
import type { MissingPrice } from '../prices/missingPrices.js';
import { missingPrices } from '../prices/missingPrices.js';
import { fxCurrencies } from '../prices/fxSeries.js';
import type { PriceOracle, PriceStats } from '../prices/PriceOracle.js';
import { PriceQueries } from '../prices/PriceQueries.js';
import { mergedTallies, PriceTally } from '../prices/PriceTally.js';
import { recordAnswers } from '../prices/RecordedPrices.js';
import type { ValuationSettings } from '../prices/ValuationSettings.js';
import type { RowPrices } from '../prices/valueLeg.js';
import type { CacheReader } from './openCacheReader.js';
import type { RenderValuation } from './RenderValuation.js';
import type { PartTally } from './workerCsvPart.js';
import type { JobPeriod } from '../config/Job.js';
import { periodInstants } from '../config/periodInstants.js';

/** A valued export after its one asynchronous price step: what rendering reads, what is missing, what it cost. */
export interface PreparedValuation {
  render: RenderValuation;
  missing: MissingPrice[];
  stats: PriceStats;
  /** Distinct questions asked, and rows never asked by reason (spam, unknown decimals). */
  questions: number;
  unqueried: Readonly<Record<string, number>>;
}

/** A render that prices its rows from the cache as they come and tallies them for settling afterwards. */
export interface CollectingValuation {
  /** This thread's prices, read from the cache. */
  prices: RowPrices;
  /** The entries this thread renders, each one's question answered and tallied as it passes. */
  noted(entries: Iterable<LedgerEntry>): Iterable<LedgerEntry>;
  /** What another rendering thread needs to read the cache itself (no key: it never calls a source). */
  settings: ValuationSettings;
  /** The instants balances are stated at: every thread asks its assets' prices there too. */
  instants: readonly number[];
  /** Another thread's tally, and what its cache reader used. */
  add(part: PartTally): void;
}

/** Valuation settled after the first render: from its tallies, or its questions prepared; and whether that render's prices were the prepared ones. */
export interface DeferredValuation {
  collecting: CollectingValuation;
  /**
   * Before the render, while the sync still fetches receipts: the questions of the ledger the stored lists give
   * (every movement and its time; a missing receipt changes only a fee's amount) prepared, so the price calls are
   * made while the Etherscan key is busy and the render finds the cache full. What it did not foresee, `settle`
   * still prepares.
   */
  warm(entries: () => Iterable<LedgerEntry>): Promise<void>;
  /**
   * After the first render (`rendered`), its tallies when every thread's reader found every key it needed (`exact`:
   * its prices were final); otherwise `entries`' questions noted in a pass of their own, and prepared.
   */
  settle(entries: () => Iterable<LedgerEntry>, rendered?: boolean): Promise<{ prepared: PreparedValuation; exact: boolean }>;
  /** After `settle`. */
  prepared(): PreparedValuation;
  /**
   * After `settle`: the ledger before `start` — which cost basis replays and no template renders — with prices for its
   * rows too, valued like the period's (rows from `start` on keep the render's answers): read from the cache by
   * `reader` (a reader of its own) as the replay reads the history, and checked after (`PricedHistory.settled`); when
   * the cache lacked a key, the history's questions are prepared (the cache first, calls for what it lacks).
   */
  withHistory(history: () => Iterable<LedgerEntry>, start: number, reader: CacheReader): { prices: RowPrices; history: PricedHistory };
}

/**
 * Valuation without a pass of its own over the ledger: the first template renders with prices read from the cache,
 * each thread tallying its rows (a few numbers per asset). When the cache held every key the rows and the balance
 * instants needed, those prices were the prepared ones (a cached key never changes) and the tallies are what a
 * prepare would count: nothing is prepared, and later templates read the cache too. Otherwise the questions are
 * noted in a pass of their own and prepared, and the caller renders that template again (a cold run's calls cost more).
 * Holdings are valued at the period's opening and closing instants.
 */
export function deferValuation(
  oracle: PriceOracle,
  reader: CacheReader,
  settings: ValuationSettings,
  period: Pick<JobPeriod, 'startTime' | 'endTime'>,
): DeferredValuation {
  const instants = periodInstants(period);
  const here = new PriceTally(reader);
  const threads: PartTally[] = [];
  let prepared: PreparedValuation | undefined;
  let warmed = false;
  const keyless: ValuationSettings = { ...settings };
  delete keyless.coingeckoKey;
  return {
    collecting: {
      prices: reader,
      noted: (entries) => here.noted(entries),
      settings: keyless,
      instants,
      add: (part) => void threads.push(part),
    },
    async warm(entries) {
      warmed = true;
      await oracle.prepareAssets(notedQueries(entries(), instants).assets());
    },
    async settle(entries, rendered = false) {
      const parts = rendered ? [finishedTally(here, reader, instants), ...threads] : [];
      const exact = rendered && parts.every(({ tallied, use }) => tallied.exact && !use.missed);
      prepared = exact
        ? talliedValuation(oracle.stats(), reader, keyless, parts, warmed)
        : await preparedValuation(oracle, entries(), instants);
      return { prepared, exact };
    },
    prepared() {
      if (prepared === undefined) throw new Error('valuation asked for before it was settled');
      return prepared;
    },
    withHistory(history, start, historyReader) {
      const period = this.prepared().render.prices;
      // The reader's answers are the prepared ones while it misses no key (a cached key never changes).
      let fromCache = true;
      const priceAt: RowPrices['priceAt'] = (query) =>
        query.time >= start ? period.priceAt(query) : fromCache ? historyReader.priceAt(query) : oracle.priceAt(query);
      return {
        prices: { currency: period.currency, priceAt },
        history: {
          entries: () => (fromCache ? untilMissed(history(), historyReader) : history()),
          missed: () => fromCache && historyReader.use().missed,
          async settled() {
            if (!fromCache || !historyReader.use().missed) return true;
            fromCache = false;
            await oracle.prepareAssets(notedQueries(history(), []).assets());
            return false;
          },
        },
      };
    },
  };
}

/**
 * The entries, ended early once the reader missed a key (looked at every 1,024): their replay will be read again, so
 * a history whose prices were never fetched is not read through for nothing.
 */
function untilMissed(entries: Iterable<LedgerEntry>, reader: CacheReader): Iterable<LedgerEntry> {
  return {
    [Symbol.iterator]: (): Iterator<LedgerEntry> => {
      const inner = entries[Symbol.iterator]();
      let read = 0;
      const stop = (value?: unknown): IteratorResult<LedgerEntry> => inner.return?.(value) ?? { done: true, value };
      return {
        next: () => ((read += 1) % 1024 === 0 && reader.use().missed ? stop() : inner.next()),
        return: stop,
      };
    },
  };
}

/** A thread's tally after its render: the balance instants asked first, so that what its reader used counts them. */
export function finishedTally(tally: PriceTally, reader: CacheReader, instants: readonly number[]): PartTally {
  const tallied = tally.tallied(instants);
  return { tallied, use: reader.use() };
}

/**
 * A render whose prices were final, settled from its tallies: the figures a prepare of its questions would give
 * (every bucket it used a cache hit, each ECB day once per source and currency, no call), and later renders read
 * the cache as it did. After a warming, the buckets it read were mostly that prepare's own calls: the oracle's
 * count of what it found cached stands.
 */
function talliedValuation(
  stats: PriceStats,
  reader: CacheReader,
  settings: ValuationSettings,
  parts: readonly PartTally[],
  warmed: boolean,
): PreparedValuation {
  const tally = mergedTallies(parts.map((part) => part.tallied));
  const fxDays = new Set(parts.flatMap((part) => part.use.fxDays));
  const buckets = parts.reduce((sum, part) => sum + part.use.buckets, 0);
  return {
    render: { prices: reader, forChains: () => ({ cache: settings }) },
    missing: tally.missing,
    stats: warmed ? stats : { ...stats, cacheHits: buckets + fxDays.size * fxCurrencies(settings.currency).length },
    questions: tally.questions,
    unqueried: Object.fromEntries(tally.unqueried.map(({ reason, rows }) => [reason, rows])),
  };
}

async function preparedValuation(
  oracle: PriceOracle,
  entries: Iterable<LedgerEntry>,
  instants: readonly number[],
): Promise<PreparedValuation> {
  const queries = notedQueries(entries, instants);
  await oracle.prepareAssets(queries.assets());
  const stats = oracle.stats();
  const prices: RowPrices = { currency: stats.currency, priceAt: (query) => oracle.priceAt(query) };
  return {
    render: { prices, forChains: (chainIds) => ({ answers: recordAnswers(queries.assets(), prices, new Set(chainIds)) }) },
    missing: missingPrices(queries.assets(), prices),
    stats,
    questions: queries.size,
    unqueried: Object.fromEntries(queries.unqueried),
  };
}

/** The questions of a pass over the entries, and those of the balance instants. */
function notedQueries(entries: Iterable<LedgerEntry>, instants: readonly number[]): PriceQueries {
  const queries = new PriceQueries();
  for (const entry of entries) queries.add(entry);
  queries.addInstants(instants);
  return queries;
}

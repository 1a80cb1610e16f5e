import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { MissingPrice } from '../prices/missingPrices.js';
import { MissingList, missingPrices } from '../prices/missingPrices.js';
import type { PriceOracle, PriceStats } from '../prices/PriceOracle.js';
import type { CollectedQueries } from '../prices/PriceQueries.js';
import { PriceQueries } from '../prices/PriceQueries.js';
import { recordAnswers } from '../prices/RecordedPrices.js';
import type { ValuationSettings } from '../prices/ValuationSettings.js';
import type { RowPrices } from '../prices/valueLeg.js';
import type { CacheReader } from './openCacheReader.js';
import type { RenderValuation } from './RenderValuation.js';

/** A valued export after its one asynchronous price step: what rendering reads, what is missing, what it cost. */
export interface PreparedValuation {
  render: RenderValuation;
  missing: MissingPrice[];
  stats: PriceStats;
  /** Distinct questions asked, and rows never asked by reason (spam, unknown decimals). */
  questions: number;
  unqueried: Readonly<Record<string, number>>;
}

/** A render that prices its rows from the cache as they come and notes their questions for `prepare` afterwards. */
export interface CollectingValuation {
  /** This thread's prices, read from the cache. */
  prices: RowPrices;
  /** The entries this thread renders, each one's question noted as it passes. */
  noted(entries: Iterable<LedgerEntry>): Iterable<LedgerEntry>;
  /** What another rendering thread needs to read the cache itself (no key: it never calls a source). */
  settings: ValuationSettings;
  /** Another thread's questions, and whether its cache reader missed a key. */
  add(collected: CollectedQueries, missed: boolean): void;
}

/** Valuation settled after the first render: its questions prepared, and whether that render's prices were the prepared ones. */
export interface DeferredValuation {
  collecting: CollectingValuation;
  /** Prepares every question noted (after noting `entries`, when given); `exact`: no row was priced differently. */
  settle(entries?: Iterable<LedgerEntry>): Promise<{ prepared: PreparedValuation; exact: boolean }>;
  /** After `settle`. */
  prepared(): PreparedValuation;
}

/**
 * Valuation without a pass of its own over the ledger: the first template renders with prices read from the cache,
 * noting every non-spam row's question; then one `prepare` of those questions (and the balance instants' of each
 * moved asset). When the cache held every key the rows needed, the render's prices were the prepared ones (a
 * cached key never changes); otherwise the caller renders that template again (a cold run's price calls cost more).
 */
export function deferValuation(oracle: PriceOracle, reader: CacheReader, settings: ValuationSettings, instants: readonly number[]): DeferredValuation {
  const here = new PriceQueries(reader);
  const threads: CollectedQueries[] = [];
  let threadMissed = false;
  let prepared: PreparedValuation | undefined;
  const keyless: ValuationSettings = { ...settings };
  delete keyless.coingeckoKey;
  return {
    collecting: {
      prices: reader,
      noted: (entries) => here.noted(entries),
      settings: keyless,
      add: (collected, missed) => {
        threads.push(collected);
        threadMissed ||= missed;
      },
    },
    async settle(entries = []) {
      for (const entry of entries) here.add(entry);
      const exact = !threadMissed && !reader.missed;
      const parts = [here.collected(), ...threads];
      const queries = threads.length === 0 ? here : PriceQueries.merged(parts);
      // Every row was answered from the cache as it was noted; when those were the final answers, so is their list.
      const missing = exact ? mergedMissing(parts) : null;
      prepared = await prepareQueries(oracle, queries, instants, missing);
      return { prepared, exact };
    },
    prepared() {
      if (prepared === undefined) throw new Error('valuation asked for before it was settled');
      return prepared;
    },
  };
}

function mergedMissing(parts: readonly CollectedQueries[]): MissingPrice[] {
  const list = new MissingList();
  for (const part of parts) list.addAll(part.missing ?? []);
  return list.list();
}

async function prepareQueries(oracle: PriceOracle, queries: PriceQueries, instants: readonly number[], missing: MissingPrice[] | null): Promise<PreparedValuation> {
  queries.addInstants(instants);
  await oracle.prepareAssets(queries.assets());
  const stats = oracle.stats();
  const prices: RowPrices = { currency: stats.currency, priceAt: (query) => oracle.priceAt(query) };
  return {
    render: { prices, forChains: (chainIds) => recordAnswers(queries.assets(), prices, new Set(chainIds)) },
    missing: missing ?? missingPrices(queries.assets(), prices),
    stats,
    questions: queries.size,
    unqueried: Object.fromEntries(queries.unqueried),
  };
}

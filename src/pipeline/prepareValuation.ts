import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { MissingPrice } from '../prices/missingPrices.js';
import { missingPrices } from '../prices/missingPrices.js';
import type { PriceOracle, PriceStats } from '../prices/PriceOracle.js';
import { PriceQueries } from '../prices/PriceQueries.js';
import { recordAnswers } from '../prices/RecordedPrices.js';
import type { RowPrices } from '../prices/valueLeg.js';
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

/**
 * One pass over the ledger collecting every non-spam row's question (and the balance instants' of each moved
 * asset), one `prepare`, then the answers rendering reads synchronously.
 */
export async function prepareValuation(oracle: PriceOracle, entries: Iterable<LedgerEntry>, instants: readonly number[]): Promise<PreparedValuation> {
  const queries = new PriceQueries();
  for (const entry of entries) queries.add(entry);
  queries.addInstants(instants);
  await oracle.prepare(queries.queries());
  const stats = oracle.stats();
  const prices: RowPrices = { currency: stats.currency, priceAt: (query) => oracle.priceAt(query) };
  return {
    render: { prices, forChains: (chainIds) => recordAnswers(queries.all(), prices, new Set(chainIds)) },
    missing: missingPrices(queries.all(), prices),
    stats,
    questions: queries.size,
    unqueried: Object.fromEntries(queries.unqueried),
  };
}

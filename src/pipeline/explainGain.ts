import type { Job } from '../config/Job.js';
import type { GainRow } from '../costbasis/BasisReport.js';
import { replayBasis } from '../costbasis/replayBasis.js';
import { InputError } from '../errors/LedgerscanError.js';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import { basisLegs } from '../outputs/basisLegs.js';
import { PriceQueries } from '../prices/PriceQueries.js';
import type { RowPrices } from '../prices/valueLeg.js';
import type { BasisLeg } from '../costbasis/BasisLeg.js';
import type { JobRunOptions } from './JobRun.js';
import { openJobRun } from './JobRun.js';
import { ledgerFromStore } from './ledgerFromStore.js';
import { openCachedPriceOracle } from './openPriceOracle.js';
import { readOpeningLots } from './readOpeningLots.js';

/** A disposal's trail: its rows of `gains.csv` (one per lot piece) and, per lot, the leg that acquired it, valued. */
export interface GainTrail {
  currency: string;
  /** The disposal's leg as the ledger has it. */
  disposal: LedgerEntry;
  rows: GainRow[];
  /** By lot id: the acquiring leg (absent for an opening lot, which no entry acquired). */
  acquisitions: ReadonlyMap<string, BasisLeg>;
}

/**
 * The trail of one disposal, recomputed as the export computed it: the job's ledger read from the store (the blocks a
 * sync kept, from each wallet's first entry to the period's end), valued from the price cache alone (no call, no
 * API request), replayed with the job's settings. `null` when the entry is no disposal of the period.
 */
export async function explainGain(job: Job, entryId: string, options: JobRunOptions): Promise<GainTrail | null> {
  const settings = job.costBasis;
  if (settings === undefined) {
    throw new InputError('gains --explain needs the cost-basis settings the export used', {
      details: { fix: 'pass --cost-basis METHOD (and the same flags or --config as the export)' },
    });
  }
  if (job.valuation === undefined) {
    throw new InputError('gains --explain needs values', { details: { fix: 'leave out --no-values' } });
  }
  const run = openJobRun(job, options);
  try {
    const all = ledgerFromStore(
      run.store,
      job,
      job.chains.map((chainId) => ({ chainId, fromBlock: 0, toBlock: Number.MAX_SAFE_INTEGER })),
    );
    const ledger = (): Iterable<LedgerEntry> => before(all(), job.period.endTime);
    const prices = await cachedPrices(job.valuation, run.store, ledger());
    const report = replayBasis(basisLegs(ledger(), prices), {
      settings,
      period: { start: job.period.startTime, end: job.period.endTime },
      timezone: job.timezone,
      openingLots: readOpeningLots(job),
    });
    const rows: GainRow[] = [];
    for (const row of report.gains) if (row.entryId === entryId) rows.push(row);
    if (rows.length === 0) return null;
    const lots = new Set(rows.flatMap((row) => (row.lotId === null ? [] : [row.lotId])));
    let disposal: LedgerEntry | undefined;
    const acquisitions = new Map<string, BasisLeg>();
    for (const entry of ledger()) {
      if (entry.entryId === entryId) disposal = entry;
      if (lots.has(entry.entryId)) for (const leg of basisLegs([entry], prices)) acquisitions.set(leg.entryId, leg);
    }
    if (disposal === undefined) throw new Error(`the disposal ${entryId} is not in the ledger it was replayed from`);
    return { currency: prices.currency, disposal, rows, acquisitions };
  } finally {
    run.close();
  }
}

/** The store's cached prices for the entries' questions, prepared without a call (`not fetched` where the cache lacks one). */
async function cachedPrices(
  settings: NonNullable<Job['valuation']>,
  store: Parameters<typeof openCachedPriceOracle>[1],
  entries: Iterable<LedgerEntry>,
): Promise<RowPrices> {
  const oracle = openCachedPriceOracle(settings, store, { markUnfetched: true });
  const queries = new PriceQueries();
  for (const entry of entries) queries.add(entry);
  await oracle.prepareAssets(queries.assets());
  return { currency: oracle.stats().currency, priceAt: (query) => oracle.priceAt(query) };
}

/** The entries before `end` (the ledger is in time order). */
function* before(entries: Iterable<LedgerEntry>, end: number): Generator<LedgerEntry> {
  for (const entry of entries) {
    if (entry.timestamp >= end) return;
    yield entry;
  }
}

import { Type, type Static } from 'typebox';
import type { BasisLeg } from '../costbasis/BasisLeg.js';
import { basisLegOf } from '../costbasis/basisLegOf.js';
import type { BasisOutcome, GainRow } from '../costbasis/BasisReport.js';
import { BasisRun } from '../costbasis/BasisRun.js';
import { BASIS_METHODS, BASIS_SCOPES, TAX_PROFILES } from '../costbasis/CostBasisSettings.js';
import { GainStream } from '../costbasis/GainStream.js';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import { compareEntries, mergeSorted } from '../ledger/compareEntries.js';
import { basisLegs, UNVALUED, valuedLeg } from './basisLegs.js';
import * as records from './basisRecords.js';
import { basisTieRows } from './basisTieRows.js';
import { basisTotals, GainTotals } from './basisTotals.js';
import { SUMMARY_FILE, SUMMARY_HEADER, SummaryLines } from './costBasisSummary.js';
import { moneyText } from './moneyText.js';
import type { Output, OutputFiles, OutputJob } from './Output.js';

const literals = <T extends string>(values: readonly T[]) => Type.Enum([...values], { type: 'string' });

/** An amount of the book's currency as the files write it (rounded to its minor unit). */
const Money = Type.String({ pattern: '^-?[0-9]+(\\.[0-9]+)?$' });

const GainsResult = Type.Object({
  /** The files written, in the out dir (`lot-allocation.csv` only when a change of scope allocated lots). */
  files: Type.Array(Type.String()),
  method: literals(BASIS_METHODS),
  scope: literals(BASIS_SCOPES),
  profile: literals(TAX_PROFILES),
  changes: Type.Array(
    Type.Object({ from: Type.String(), method: Type.Optional(literals(BASIS_METHODS)), scope: Type.Optional(literals(BASIS_SCOPES)) }),
  ),
  currency: Type.String(),
  /** The period's sums, each over the rows whose figure is known (exact, then rounded); `shortTerm`/`longTerm` are gains. */
  totals: Type.Object({
    proceeds: Money,
    sellingCosts: Money,
    costBasis: Money,
    gain: Money,
    shortTerm: Money,
    longTerm: Money,
    income: Money,
  }),
  rows: Type.Object({
    gains: Type.Integer(),
    income: Type.Integer(),
    removals: Type.Integer(),
    lotsOpen: Type.Integer(),
    issues: Type.Integer(),
    allocations: Type.Integer(),
  }),
  /** Rows with some money unknown (left out of the totals, their cells empty). */
  unknownRows: Type.Object({ gains: Type.Integer(), income: Type.Integer(), removals: Type.Integer() }),
  /** Pools in the tie-out's basis section (`tieout.csv`, after the templates'): each tied exactly, or its cost of unknown pieces counted. */
  pools: Type.Integer(),
});
type GainsResult = Static<typeof GainsResult>;

/**
 * Cost basis (needs values and lots): the period's legs gathered in the export's one pass, valued once the prices
 * are settled, replayed after the ledger before the period (from each wallet's first entry), and written as
 * `gains.csv`, `income.csv`, `removals.csv`, `lots-open.csv`, `costbasis-summary.csv`, `costbasis-issues.csv`, each
 * pool's tie (a section of `tieout.csv`) and, when a change of scope allocated lots,
 * `lot-allocation.csv`. Its result is the manifest's `costBasis` section.
 */
export const gainsOutput: Output<'gains', BasisLeg[], typeof GainsResult> = {
  name: 'gains',
  module: import.meta.url,
  needs: { values: true, lots: true },
  result: GainsResult,
  consumer() {
    const legs: BasisLeg[] = [];
    return {
      add(entry) {
        const leg = basisLegOf(entry, UNVALUED);
        if (leg !== null) legs.push(leg);
      },
      state: () => legs,
    };
  },
  // Parts hold other chains, each in ledger order.
  merge: (states) => (states.length === 1 ? (states[0] as BasisLeg[]) : [...mergeSorted<BasisLeg>(states, compareEntries)]),
  async finish(legs, { job, prices, history, openingLots, files, share, listeners }) {
    const settings = job.costBasis;
    if (settings === undefined || prices === null)
      throw new LedgerscanError('cost basis without its settings or prices', { kind: 'internal' });
    const { currency } = prices;
    // gains.csv is written as the rows are made, each summed for the summary and the totals and heard by the outputs
    // after this one: no row is kept.
    const csv = files.csv(records.GAINS_FILE, records.GAINS_HEADER);
    const summary = new SummaryLines({ profile: settings.profile, timezone: job.timezone, currency });
    const gainTotals = new GainTotals();
    let made: string[][] = [];
    const own = (row: GainRow): void => {
      summary.add(row);
      gainTotals.add(row);
      made.push(records.gainRecord(row, currency));
    };
    const gains = new GainStream([own, ...listeners.gains]);
    const run = new BasisRun(
      { settings, period: { start: job.period.startTime, end: job.period.endTime }, timezone: job.timezone, openingLots },
      gains,
    );
    const write = async (): Promise<void> => {
      for (const record of made) await csv.write(record);
      made = [];
    };
    // The history makes no gain row (those are the period's): it is read through without a pause, the store's
    // statement never left open across an await.
    for (const leg of basisLegs(history(), prices)) run.add(leg);
    for (const leg of legs) {
      run.add(valuedLeg(leg, prices));
      if (made.length >= WRITE_BATCH) await write();
    }
    const report = { ...run.end(), gainRows: gains.length };
    await write();
    share('gains', report);
    const ties = basisTieRows(report.ties, currency);
    const result = await writeBasisFiles(report, { ties, summary, gainTotals }, job, currency, files);
    return { ...result, pools: report.ties.length };
  },
  manifest: ({ method, scope, profile, changes, currency, totals, unknownRows, rows }) => ({
    counts: { 'rows.gains': rows.gains, 'rows.income': rows.income },
    sections: { costBasis: { method, scope, profile, changes, currency, totals, unknownRows } },
  }),
};

/** Gain records made before they are written (the replay runs between writes, which await the file). */
const WRITE_BATCH = 4096;

/** The files after `gains.csv`, in their order, and the result. */
async function writeBasisFiles(
  report: BasisOutcome & { gainRows: number },
  gains: { ties: readonly string[][]; summary: SummaryLines; gainTotals: GainTotals },
  job: OutputJob,
  currency: string,
  files: OutputFiles,
): Promise<Omit<GainsResult, 'pools'>> {
  const settings = job.costBasis as NonNullable<OutputJob['costBasis']>;
  const written: string[] = [records.GAINS_FILE];
  const write = async <Row>(
    name: string,
    header: readonly string[],
    rows: Iterable<Row>,
    record: (row: Row) => string[],
  ): Promise<void> => {
    const csv = files.csv(name, header);
    for (const row of rows) await csv.write(record(row));
    written.push(name);
  };
  await write(records.INCOME_FILE, records.INCOME_HEADER, report.income, (row) => records.incomeRecord(row, currency));
  await write(records.REMOVALS_FILE, records.REMOVALS_HEADER, report.removals, (row) => records.removalRecord(row, currency));
  await write(records.LOTS_OPEN_FILE, records.LOTS_OPEN_HEADER, report.openLots, (row) => records.openLotRecord(row, currency));
  await write(SUMMARY_FILE, SUMMARY_HEADER, gains.summary.records(), (row) => row);
  await write(records.BASIS_ISSUES_FILE, records.BASIS_ISSUES_HEADER, report.issues, records.issueRecord);
  files.tieout(gains.ties);
  if (report.allocations.length > 0)
    await write(records.LOT_ALLOCATION_FILE, records.LOT_ALLOCATION_HEADER, report.allocations, (row) =>
      records.allocationRecord(row, currency),
    );
  const totals = basisTotals(report, gains.gainTotals);
  const money = (value: Parameters<typeof moneyText>[0]): string => moneyText(value, currency);
  return {
    files: written,
    method: settings.method,
    scope: settings.scope,
    profile: settings.profile,
    changes: settings.changes.map((change) => ({ ...change })),
    currency,
    totals: {
      proceeds: money(totals.proceeds),
      sellingCosts: money(totals.sellingCosts),
      costBasis: money(totals.costBasis),
      gain: money(totals.gain),
      shortTerm: money(totals.shortTerm),
      longTerm: money(totals.longTerm),
      income: money(totals.income),
    },
    rows: {
      gains: report.gainRows,
      income: report.income.length,
      removals: report.removals.length,
      lotsOpen: report.openLots.length,
      issues: report.issues.length,
      allocations: report.allocations.length,
    },
    unknownRows: totals.unknown,
  };
}

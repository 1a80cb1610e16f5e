import { Type } from 'typebox';
import type { BasisIssue } from '../costbasis/BasisReport.js';
import { BasisRun } from '../costbasis/BasisRun.js';
import { BASIS_METHODS, BASIS_SCOPES, TAX_PROFILES } from '../costbasis/CostBasisSettings.js';
import { GainStream } from '../costbasis/GainStream.js';
import { LegPacker } from '../costbasis/PackedLegs.js';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import { basisLegs, gatheredLegs, historyLegs, valuedLeg, type GatheredLegs } from './basisLegs.js';
import * as records from './basisRecords.js';
import { issueLines } from './issueLines.js';
import { basisTieRows } from './basisTieRows.js';
import { BasisSums } from './basisTotals.js';
import { GainLines } from './GainLines.js';
import { SUMMARY_FILE, SUMMARY_HEADER, SummaryLines } from './costBasisSummary.js';
import { moneyText } from './moneyText.js';
import type { Output } from './Output.js';

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

/**
 * Cost basis (needs values and lots): the legs gathered in the export's one pass — the ledger's before the period
 * (from each wallet's first entry) when the pass read it, else read here, and the period's — valued once the prices
 * are settled, replayed, and written as
 * `gains.csv`, `income.csv`, `removals.csv`, `lots-open.csv`, `costbasis-summary.csv`, `costbasis-issues.csv`, each
 * pool's tie (a section of `tieout.csv`) and, when a change of scope allocated lots,
 * `lot-allocation.csv`. Its result is the manifest's `costBasis` section.
 */
export const gainsOutput: Output<'gains', GatheredLegs, typeof GainsResult> = {
  name: 'gains',
  module: import.meta.url,
  needs: { values: true, lots: true },
  result: GainsResult,
  consumer(_job, history) {
    const period = new LegPacker();
    const before = history ? new LegPacker() : null;
    return {
      add: (entry) => period.add(entry),
      ...(before === null ? {} : { history: (entry: LedgerEntry) => before.add(entry) }),
      state: () => ({ history: before === null ? null : [before.packed()], period: [period.packed()] }),
    };
  },
  // A pack per part (its chains apart, in ledger order), merged as they are read.
  merge: (states) => ({
    history: states.length > 0 && states.every((state) => state.history !== null) ? states.flatMap((state) => state.history ?? []) : null,
    period: states.flatMap((state) => state.period),
  }),
  async finish(legs, { job, prices, history, openingLots, files, share, listeners }) {
    const settings = job.costBasis;
    if (settings === undefined || prices === null)
      throw new LedgerscanError('cost basis without its settings or prices', { kind: 'internal' });
    const { currency } = prices;
    // The files in their order; the period's rows are written as the replay makes them (queued in the files' chunks,
    // flushed between legs), summed for the summary and the totals and heard by the outputs after this one: none is kept.
    const csvs = [
      files.csv(records.GAINS_FILE, records.GAINS_HEADER),
      files.csv(records.INCOME_FILE, records.INCOME_HEADER),
      files.csv(records.REMOVALS_FILE, records.REMOVALS_HEADER),
      files.csv(records.LOTS_OPEN_FILE, records.LOTS_OPEN_HEADER),
      files.csv(SUMMARY_FILE, SUMMARY_HEADER),
      files.csv(records.BASIS_ISSUES_FILE, records.BASIS_ISSUES_HEADER),
    ] as const;
    const [gainsCsv, incomeCsv, removalsCsv, lotsCsv, summaryCsv, issuesCsv] = csvs;
    const streamed = [gainsCsv, incomeCsv, removalsCsv, issuesCsv];
    const summary = new SummaryLines({ profile: settings.profile, timezone: job.timezone, currency });
    const sums = new BasisSums();
    let issues = 0;
    const lines = new GainLines(currency);
    const gains = new GainStream([
      (row) => {
        summary.add(row);
        sums.gain(row);
        gainsCsv.addLine(lines.line(row));
      },
      ...listeners.gains,
    ]);
    const hand =
      <Row>(own: (row: Row) => void, others: readonly ((row: Row) => void)[]) =>
      (row: Row) => {
        own(row);
        for (const listener of others) listener(row);
      };
    const issueLine = issueLines();
    const issue = hand((one: BasisIssue) => {
      issues += 1;
      issuesCsv.addLine(issueLine(one));
    }, listeners.issues);
    // The history makes no row but issues (an opening lot's, an allocation's), held until its prices are known final:
    // when they were not (a key the cache lacked), the replay starts again on a second read and writes each once.
    const early: BasisIssue[] = [];
    let inHistory = true;
    const replayHistory = (): BasisRun => {
      early.length = 0;
      const run = new BasisRun(
        {
          settings,
          period: { start: job.period.startTime, end: job.period.endTime },
          timezone: job.timezone,
          openingLots,
          // Only the journals with lots read the trail (`gainsJournals`): it grows with the period's moves and removals.
          trail: (job.journals ?? []).length > 0,
        },
        gains,
        {
          income: hand((row) => {
            sums.income(row);
            incomeCsv.add(records.incomeRecord(row, currency));
          }, listeners.income),
          removal: hand((row) => {
            sums.removal(row);
            removalsCsv.add(records.removalRecord(row, currency));
          }, listeners.removals),
          issue: (one) => (inHistory ? void early.push(one) : issue(one)),
        },
      );
      // Read through without a pause: the store's statement is never left open across an await.
      for (const leg of legs.history === null ? basisLegs(history.entries(), prices) : historyLegs(legs.history, prices, history))
        run.add(leg);
      return run;
    };
    let run = replayHistory();
    if (!(await history.settled())) run = replayHistory();
    inHistory = false;
    for (const one of early) issue(one);
    // The period's legs were packed in the render's pass (its parts' chains apart, the prices not yet settled): each
    // is made again, valued and replayed in ledger order.
    for (const leg of gatheredLegs(legs.period)) {
      run.add(valuedLeg(leg, prices));
      if (streamed.some((file) => file.full)) for (const file of streamed) await file.flush();
    }
    const report = run.end();
    const totals = sums.totals();
    share('gains', { ...report, totals });
    const ties = basisTieRows(report.ties, currency);
    for (const row of report.openLots) {
      lotsCsv.add(records.openLotRecord(row, currency));
      if (lotsCsv.full) await lotsCsv.flush();
    }
    for (const record of summary.records()) summaryCsv.add(record);
    for (const file of csvs) await file.flush();
    files.tieout(ties);
    const written = csvs.map((file) => file.name);
    if (report.allocations.length > 0) {
      const allocations = files.csv(records.LOT_ALLOCATION_FILE, records.LOT_ALLOCATION_HEADER);
      for (const row of report.allocations) await allocations.write(records.allocationRecord(row, currency));
      written.push(allocations.name);
    }
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
      rows: { ...sums.rows, lotsOpen: report.openLots.length, issues, allocations: report.allocations.length },
      unknownRows: totals.unknown,
      pools: report.ties.length,
    };
  },
  manifest: ({ method, scope, profile, changes, currency, totals, unknownRows, rows }) => ({
    counts: { 'rows.gains': rows.gains, 'rows.income': rows.income },
    sections: { costBasis: { method, scope, profile, changes, currency, totals, unknownRows } },
  }),
};

import { Type, type Static } from 'typebox';
import type { BasisIssue, BasisOutcome, BasisReport, GainRow, IncomeRow, RemovalRow } from '../costbasis/BasisReport.js';
import type { TaxProfile } from '../costbasis/CostBasisSettings.js';
import { gainMoney } from '../costbasis/GainSink.js';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import type { MissingPrice } from '../prices/missingPrices.js';
import { DateFormatter } from '../templates/DateFormatter.js';
import { DisposalCount, KnownMoneySum, KnownSum, unknownGain } from './basisTotals.js';
import { taxYearOf } from './costBasisSummary.js';
import { moneyText, moneyTextOf } from './moneyText.js';
import type { Output } from './Output.js';

/** An amount of the book's currency as the files write it (rounded to its minor unit). */
const Money = Type.String({ pattern: '^-?[0-9]+(\\.[0-9]+)?$' });

/** Disposals (distinct entries) and their rows' money, each sum over the known rows; `unknownRows` left out of them. */
const GainFigures = Type.Object({
  disposals: Type.Integer(),
  rows: Type.Integer(),
  proceeds: Money,
  sellingCosts: Money,
  costBasis: Money,
  gain: Money,
  unknownRows: Type.Integer(),
});

const ReportFigures = Type.Object({
  currency: Type.String(),
  profile: Type.String(),
  /**
   * The profile's split of the gains: by term (`short`, `long`, `none` for rows without a lot), or by tax year for
   * `uk` (`2024/25`), in that order.
   */
  split: Type.Object({
    by: Type.Union([Type.Literal('term'), Type.Literal('taxYear')]),
    lines: Type.Array(Type.Intersect([Type.Object({ key: Type.String() }), GainFigures])),
  }),
  gains: GainFigures,
  /** Income by category, in the order of their first row; `value` over the known rows. */
  income: Type.Array(Type.Object({ category: Type.String(), rows: Type.Integer(), value: Money, unknownRows: Type.Integer() })),
  incomeTotal: Type.Object({ rows: Type.Integer(), value: Money, unknownRows: Type.Integer() }),
  /** The native coin spent on fees (disposals of kind `fee`: their proceeds are the fees' value) and the selling costs deducted. */
  fees: Type.Intersect([GainFigures, Type.Object({ deducted: Money })]),
  removals: Type.Object({ rows: Type.Integer(), costBasis: Money, unknownRows: Type.Integer() }),
  openLots: Type.Object({ rows: Type.Integer(), costBasis: Money, unknownRows: Type.Integer() }),
  /** `costbasis-issues.csv` counted by issue, in the order of their first row. */
  issues: Type.Array(Type.Object({ issue: Type.String(), rows: Type.Integer() })),
  /** `prices-missing.csv`'s lines: a chain, asset and reason each, with its rows. */
  missingPrices: Type.Array(
    Type.Object({ chainId: Type.Integer(), symbol: Type.String(), asset: Type.String(), reason: Type.String(), rows: Type.Integer() }),
  ),
});
export type ReportFigures = Static<typeof ReportFigures>;
export type GainFigures = Static<typeof GainFigures>;

/**
 * The year report's figures, with cost basis: the exact replay `gains` shared, summed by the profile's split, income
 * category, fees, removals, open lots and issue, plus the missing prices. Money is summed exact and rounded once, as
 * `gains`' totals, so the report's totals are the files'. It writes no file: its result, in the manifest under
 * `outputs.reportFigures`, is what `ledgerscan report` lays out (with the reconcile's) — and what any export's
 * reader finds there without summing the CSVs.
 */
export const reportFiguresOutput: Output<'reportFigures', null, typeof ReportFigures, ReplaySums> = {
  name: 'reportFigures',
  module: import.meta.url,
  needs: { values: true, lots: true },
  result: ReportFigures,
  consumer: () => ({ add: () => undefined, state: () => null }),
  merge: () => null,
  listen: (job) => new ReplaySums(job.costBasis?.profile === 'uk', job.timezone),
  finish(_state, { job, products, prices, missing }, sums) {
    const report = products.gains;
    if (report === undefined || prices === null || job.costBasis === undefined)
      throw new LedgerscanError('the year report without the cost-basis replay', { kind: 'internal' });
    return Promise.resolve(
      figuresOf(report, sums, missing ?? [], { currency: prices.currency, profile: job.costBasis.profile, timezone: job.timezone }),
    );
  },
};

/** The figures of one replay: pure, so the report's sums are tested without a run. */
export function reportFigures(
  report: BasisReport,
  missing: readonly MissingPrice[],
  settings: { currency: string; profile: TaxProfile; timezone: string },
): ReportFigures {
  const sums = new ReplaySums(settings.profile === 'uk', settings.timezone);
  for (const row of report.gains) sums.gains(row);
  for (const row of report.income) sums.income(row);
  for (const row of report.removals) sums.removals(row);
  for (const issue of report.issues) sums.issues(issue);
  return figuresOf(report, sums, missing, settings);
}

/**
 * The replay's rows summed as they are heard: gain rows by the profile's split (term, or the UK's tax year), in total
 * and for fees; income by category; removals; issues counted by name.
 */
class ReplaySums {
  private readonly days: DateFormatter;
  readonly lines = new Map<string, GainSums>();
  readonly total = new GainSums();
  readonly fees = new GainSums();
  readonly deducted = new KnownMoneySum();
  readonly incomeLines = new Map<string, { rows: number; value: KnownSum; unknownRows: number }>();
  readonly incomeTotal = { rows: 0, value: new KnownSum(), unknownRows: 0 };
  readonly removed = { rows: 0, costBasis: new KnownSum(), unknownRows: 0 };
  readonly issueCounts = new Map<string, number>();

  constructor(
    readonly byTaxYear: boolean,
    timezone: string,
  ) {
    this.days = new DateFormatter('yyyy-MM-dd', timezone);
    if (!byTaxYear) for (const key of ['short', 'long']) this.lines.set(key, new GainSums());
  }

  readonly gains = (row: GainRow): void => {
    const key = this.byTaxYear ? taxYearOf(this.days.format(row.soldAt), 'uk') : (row.term ?? 'none');
    let sums = this.lines.get(key);
    if (sums === undefined) this.lines.set(key, (sums = new GainSums()));
    sums.add(row);
    this.total.add(row);
    if (row.kind === 'fee') this.fees.add(row);
    // The row's exact Money: its Decimal would be made for this sum alone.
    this.deducted.add(gainMoney(row).sellingCosts);
  };

  readonly income = (row: IncomeRow): void => {
    let line = this.incomeLines.get(row.category);
    if (line === undefined) this.incomeLines.set(row.category, (line = { rows: 0, value: new KnownSum(), unknownRows: 0 }));
    for (const sums of [line, this.incomeTotal]) {
      sums.rows += 1;
      sums.value.add(row.value);
      if (row.value === null) sums.unknownRows += 1;
    }
  };

  readonly removals = (row: RemovalRow): void => {
    this.removed.rows += 1;
    this.removed.costBasis.add(row.costBasis);
    if (row.costBasis === null) this.removed.unknownRows += 1;
  };

  readonly issues = (issue: BasisIssue): void => void this.issueCounts.set(issue.issue, (this.issueCounts.get(issue.issue) ?? 0) + 1);
}

function figuresOf(
  report: BasisOutcome,
  sums: ReplaySums,
  missing: readonly MissingPrice[],
  settings: { currency: string; profile: TaxProfile; timezone: string },
): ReportFigures {
  const money = (sum: KnownSum): string => moneyText(sum.orZero(), settings.currency);
  const { byTaxYear, total, fees, deducted, incomeLines: income, incomeTotal, removed, issueCounts: issues } = sums;
  const costs = (rows: readonly { costBasis: BasisReport['openLots'][number]['costBasis'] }[]) => {
    const sum = new KnownSum();
    for (const row of rows) sum.add(row.costBasis);
    return { rows: rows.length, costBasis: money(sum), unknownRows: rows.filter((row) => row.costBasis === null).length };
  };
  return {
    currency: settings.currency,
    profile: settings.profile,
    split: {
      by: byTaxYear ? 'taxYear' : 'term',
      // Tax years in order (`2024/25` before `2025/26`); terms short, long, then rows without one.
      lines: [...sums.lines]
        .sort(([a], [b]) => (byTaxYear ? (a < b ? -1 : 1) : 0))
        .map(([key, line]) => ({ key, ...line.figures(settings.currency) })),
    },
    gains: total.figures(settings.currency),
    income: [...income].map(([category, line]) => ({ category, rows: line.rows, value: money(line.value), unknownRows: line.unknownRows })),
    incomeTotal: { rows: incomeTotal.rows, value: money(incomeTotal.value), unknownRows: incomeTotal.unknownRows },
    fees: { ...fees.figures(settings.currency), deducted: moneyTextOf(deducted.value() ?? 0n, settings.currency) },
    removals: { rows: removed.rows, costBasis: money(removed.costBasis), unknownRows: removed.unknownRows },
    openLots: costs(report.openLots),
    issues: [...issues].map(([issue, rows]) => ({ issue, rows })),
    missingPrices: missing.map((line) => ({
      chainId: line.chainId,
      symbol: line.symbol,
      asset: line.asset,
      reason: line.state,
      rows: line.rows,
    })),
  };
}

/** One line's sums over gain rows: each money column over its known rows, the rows with some money unknown counted. */
class GainSums {
  private readonly entries = new DisposalCount();
  private rows = 0;
  private unknown = 0;
  private readonly sums = {
    proceeds: new KnownMoneySum(),
    sellingCosts: new KnownMoneySum(),
    costBasis: new KnownMoneySum(),
    gain: new KnownMoneySum(),
  };

  add(row: GainRow): void {
    const money = gainMoney(row);
    this.entries.add(row);
    this.rows += 1;
    if (unknownGain(money)) this.unknown += 1;
    this.sums.proceeds.add(money.proceeds);
    this.sums.sellingCosts.add(money.sellingCosts);
    this.sums.costBasis.add(money.costBasis);
    this.sums.gain.add(money.gain);
  }

  figures(currency: string): GainFigures {
    const money = (sum: KnownMoneySum): string => moneyTextOf(sum.value() ?? 0n, currency);
    return {
      disposals: this.entries.size,
      rows: this.rows,
      proceeds: money(this.sums.proceeds),
      sellingCosts: money(this.sums.sellingCosts),
      costBasis: money(this.sums.costBasis),
      gain: money(this.sums.gain),
      unknownRows: this.unknown,
    };
  }
}

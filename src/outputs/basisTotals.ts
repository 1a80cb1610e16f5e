import type { BasisReport, GainRow, IncomeRow, RemovalRow } from '../costbasis/BasisReport.js';
import { type GainMoney, gainMoney } from '../costbasis/GainSink.js';
import { type Money, toDecimal } from '../costbasis/scaledMoney.js';
import { Decimal } from '../ledger/money.js';

/**
 * A sum over rows of which some may be unknown: exact (rounded only when written) over the known ones, `null` when
 * none was known — an empty cell, never a 0 standing for rows nobody could value.
 */
export class KnownSum {
  private sum: Decimal | null = null;

  add(value: Decimal | null): void {
    if (value !== null) this.sum = this.sum === null ? value : this.sum.plus(value);
  }

  value(): Decimal | null {
    return this.sum;
  }

  /** For a total that exists even over no rows (0 when there were none, the known part otherwise). */
  orZero(): Decimal {
    return this.sum ?? new Decimal(0);
  }
}

/** `KnownSum` over the replay's exact `Money` (a gain row's, `gainMoney`): bigint additions, no Decimal per row. */
export class KnownMoneySum {
  private sum: Money | null = null;

  add(value: Money | null): void {
    if (value !== null) this.sum = this.sum === null ? value : this.sum + value;
  }

  value(): Money | null {
    return this.sum;
  }

  decimal(): Decimal | null {
    return this.sum === null ? null : toDecimal(this.sum);
  }
}

/**
 * The disposals among gain rows read in `gains.csv`'s order, where a disposal's rows come together (the replay hands
 * them on per disposal): a row whose entry is not the last one's starts a disposal. A set of the entries held one
 * string per disposal for the whole period, and its hashing was a second of the year report's figures at 1M.
 */
export class DisposalCount {
  private last: string | null = null;
  private count = 0;

  add(row: GainRow): void {
    if (row.entryId === this.last) return;
    this.last = row.entryId;
    this.count += 1;
  }

  get size(): number {
    return this.count;
  }
}

/** A gain row some of whose money is unknown: its figures are left out of every sum and counted instead. */
export function unknownGain(money: GainMoney): boolean {
  return money.proceeds === null || money.sellingCosts === null || money.costBasis === null || money.gain === null;
}

/** The period's totals over the report's rows, exact; each over its known rows, the unknown ones counted apart. */
export interface BasisTotals {
  proceeds: Decimal;
  sellingCosts: Decimal;
  costBasis: Decimal;
  gain: Decimal;
  shortTerm: Decimal;
  longTerm: Decimal;
  income: Decimal;
  unknown: { gains: number; income: number; removals: number };
}

/** The totals' sums row by row, as the replay makes the rows (so none is kept for them). */
export class BasisSums {
  readonly sums = {
    proceeds: new KnownMoneySum(),
    sellingCosts: new KnownMoneySum(),
    costBasis: new KnownMoneySum(),
    gain: new KnownMoneySum(),
  };
  readonly terms = { short: new KnownMoneySum(), long: new KnownMoneySum() };
  private readonly incomeSum = new KnownSum();
  readonly rows = { gains: 0, income: 0, removals: 0 };
  readonly unknown = { gains: 0, income: 0, removals: 0 };

  gain(row: GainRow): void {
    const money = gainMoney(row);
    this.rows.gains += 1;
    this.sums.proceeds.add(money.proceeds);
    this.sums.sellingCosts.add(money.sellingCosts);
    this.sums.costBasis.add(money.costBasis);
    this.sums.gain.add(money.gain);
    if (row.term !== null) this.terms[row.term].add(money.gain);
    if (unknownGain(money)) this.unknown.gains += 1;
  }

  income(row: IncomeRow): void {
    this.rows.income += 1;
    this.incomeSum.add(row.value);
    if (row.value === null) this.unknown.income += 1;
  }

  removal(row: RemovalRow): void {
    this.rows.removals += 1;
    if (row.costBasis === null) this.unknown.removals += 1;
  }

  totals(): BasisTotals {
    const { sums, terms } = this;
    const orZero = (sum: KnownMoneySum): Decimal => sum.decimal() ?? new Decimal(0);
    return {
      proceeds: orZero(sums.proceeds),
      sellingCosts: orZero(sums.sellingCosts),
      costBasis: orZero(sums.costBasis),
      gain: orZero(sums.gain),
      shortTerm: orZero(terms.short),
      longTerm: orZero(terms.long),
      income: this.incomeSum.orZero(),
      unknown: { ...this.unknown },
    };
  }
}

/** The period's totals over a report's rows. */
export function basisTotals(report: BasisReport): BasisTotals {
  const sums = new BasisSums();
  for (const row of report.gains) sums.gain(row);
  for (const row of report.income) sums.income(row);
  for (const row of report.removals) sums.removal(row);
  return sums.totals();
}

import { minorUnits } from '../prices/minorUnits.js';
import { unitsText } from '../prices/valueOf.js';
import type { RowValuer } from './RowValuer.js';
import type { Leg, ViewRow } from './ViewRow.js';

/** A template's value totals as they cross threads: minor units as decimal strings. */
export interface ValueTotalsState {
  currency: string;
  /** Legs written with a value, and without one (missing, spam, unknown decimals). */
  valued: number;
  unvalued: number;
  in: string;
  out: string;
  fees: string;
}

/**
 * The sum of the values a template's rows carry, per side, in minor units of the book's currency: the same
 * rounded values the files show, so the sheet's totals are what a reader adding up the file gets. Balance rows
 * state holdings, not movements, and are not added.
 */
export class ValueTotals {
  private readonly valuer: RowValuer;
  private valued = 0;
  private unvalued = 0;
  // A field per side, not an object keyed by the side's name: a keyed load a leg was a megamorphic lookup.
  private readonly inflow = new SideSum();
  private readonly outflow = new SideSum();
  private readonly fees = new SideSum();

  constructor(valuer: RowValuer) {
    this.valuer = valuer;
  }

  row(row: ViewRow): void {
    if (row.balance !== null) return;
    this.leg(row, row.received, this.inflow);
    // An entry-layout fee row carries its fee as the sent leg.
    this.leg(row, row.sent, row.shape === 'fee' ? this.fees : this.outflow);
    this.leg(row, row.fee, this.fees);
  }

  state(): ValueTotalsState {
    return {
      currency: this.valuer.currency,
      valued: this.valued,
      unvalued: this.unvalued,
      in: this.inflow.text(),
      out: this.outflow.text(),
      fees: this.fees.text(),
    };
  }

  private leg(row: ViewRow, leg: Leg | null, side: SideSum): void {
    if (leg === null) return;
    const value = this.valuer.of(row, leg);
    if (!value.valued) {
      this.unvalued += 1;
      return;
    }
    this.valued += 1;
    side.add(value.units);
  }
}

/** Below this a sum of doubles, each under 2^40, is still an exact integer after one more addend. */
const EXACT_LIMIT = 2 ** 52;

/** One side's total: safe integers summed as a double, exact while under 2^52, the rest (and the overflow) as a BigInt. */
class SideSum {
  private small = 0;
  private big = 0n;

  add(units: number | bigint): void {
    if (typeof units === 'bigint') {
      this.big += units;
      return;
    }
    this.small += units;
    if (Math.abs(this.small) >= EXACT_LIMIT) {
      this.big += BigInt(this.small);
      this.small = 0;
    }
  }

  text(): string {
    return (this.big + BigInt(this.small)).toString();
  }
}

/** Several parts' totals as one; `null` when the export is not valued. */
export function sumValueTotals(states: readonly (ValueTotalsState | null)[]): ValueTotalsState | null {
  const present = states.filter((state): state is ValueTotalsState => state !== null);
  const first = present[0];
  if (first === undefined) return null;
  const sum = (side: 'in' | 'out' | 'fees'): string => present.reduce((total, state) => total + BigInt(state[side]), 0n).toString();
  return {
    currency: first.currency,
    valued: present.reduce((n, s) => n + s.valued, 0),
    unvalued: present.reduce((n, s) => n + s.unvalued, 0),
    in: sum('in'),
    out: sum('out'),
    fees: sum('fees'),
  };
}

/** Minor units as the currency's decimal text (`12345` USD → `123.45`), written as each row's value is. */
export function minorText(units: string, currency: string): string {
  return unitsText(BigInt(units), minorUnits(currency));
}

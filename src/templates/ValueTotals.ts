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
  private readonly sides = { in: 0n, out: 0n, fees: 0n };

  constructor(valuer: RowValuer) {
    this.valuer = valuer;
  }

  row(row: ViewRow): void {
    if (row.balance !== null) return;
    this.leg(row, row.received, 'in');
    // An entry-layout fee row carries its fee as the sent leg.
    this.leg(row, row.sent, row.shape === 'fee' ? 'fees' : 'out');
    this.leg(row, row.fee, 'fees');
  }

  state(): ValueTotalsState {
    const { in: inflow, out, fees } = this.sides;
    return { currency: this.valuer.currency, valued: this.valued, unvalued: this.unvalued, in: inflow.toString(), out: out.toString(), fees: fees.toString() };
  }

  private leg(row: ViewRow, leg: Leg | null, side: keyof ValueTotals['sides']): void {
    if (leg === null) return;
    const value = this.valuer.of(row, leg);
    if (!value.valued) {
      this.unvalued += 1;
      return;
    }
    this.valued += 1;
    this.sides[side] += value.units;
  }
}

/** Several parts' totals as one; `null` when the export is not valued. */
export function sumValueTotals(states: readonly (ValueTotalsState | null)[]): ValueTotalsState | null {
  const present = states.filter((state): state is ValueTotalsState => state !== null);
  const first = present[0];
  if (first === undefined) return null;
  const sum = (side: 'in' | 'out' | 'fees'): string => present.reduce((total, state) => total + BigInt(state[side]), 0n).toString();
  return { currency: first.currency, valued: present.reduce((n, s) => n + s.valued, 0), unvalued: present.reduce((n, s) => n + s.unvalued, 0), in: sum('in'), out: sum('out'), fees: sum('fees') };
}

/** Minor units as the currency's decimal text (`12345` USD → `123.45`), written as each row's value is. */
export function minorText(units: string, currency: string): string {
  return unitsText(BigInt(units), minorUnits(currency));
}

import { formatUnits } from '../ledger/money.js';
import type { Rounding } from './Template.js';

export interface RoundingResidual {
  currency: string;
  /** Sum of exact amounts minus sum of written amounts, exact, signed. */
  residual: string;
  /** Cells that were rounded. */
  roundedCells: number;
}

/** The exact residual of one (currency, decimals), as one formatter hands it to another (any thread). */
export interface ResidualState {
  key: string;
  decimals: number;
  raw: bigint;
  cells: number;
}

/**
 * Formats base-unit integers as plain decimals, rounded to the tool's maximum decimals in pure bigint
 * arithmetic (no exponent, no float), and keeps the rounding residual per currency so the run can
 * report exactly what the rounding moved.
 */
export class AmountFormatter {
  private readonly maxDecimals: number | null;
  private readonly rounding: Rounding;
  private readonly residuals = new Map<string, { decimals: number; raw: bigint; cells: number }>();
  private readonly carried = new Map<string, bigint>();

  constructor(maxDecimals: number | null, rounding: Rounding) {
    this.maxDecimals = maxDecimals;
    this.rounding = rounding;
  }

  /** `decimals === null` (unknown token decimals) writes the raw integer unchanged. */
  format(raw: bigint, decimals: number | null, currency: string): string {
    if (decimals === null) return raw.toString();
    if (this.maxDecimals === null || decimals <= this.maxDecimals) return formatUnits(raw, decimals);
    const scale = 10n ** BigInt(decimals - this.maxDecimals);
    const rounded = this.round(raw, scale);
    this.addResidual(currency, decimals, raw - rounded * scale);
    return formatUnits(rounded, this.maxDecimals);
  }

  /**
   * The amount a tool with fewer decimals than the token can write, with what earlier rows under the same `key`
   * could not write added first: the rounding is carried forward, so the written amounts sum to the exact ones
   * within half a unit, and a movement below the tool's precision moves into the next row instead of a `0`.
   * Base units, a multiple of the tool's unit; `null` when nothing is writable yet (dust, all carried).
   */
  carry(key: string, raw: bigint, decimals: number | null, currency: string): bigint | null {
    if (decimals === null || this.maxDecimals === null || decimals <= this.maxDecimals) return raw;
    const scale = 10n ** BigInt(decimals - this.maxDecimals);
    const owed = raw + (this.carried.get(key) ?? 0n);
    const written = this.round(owed, scale) * scale;
    this.carried.set(key, owed - written);
    this.addResidual(currency, decimals, raw - written);
    return written === 0n ? null : written;
  }

  private addResidual(currency: string, decimals: number, moved: bigint): void {
    if (moved === 0n) return;
    this.add(`${currency}\u0000${decimals}`, decimals, moved, 1);
  }

  private add(key: string, decimals: number, raw: bigint, cells: number): void {
    const entry = this.residuals.get(key) ?? { decimals, raw: 0n, cells: 0 };
    entry.raw += raw;
    entry.cells += cells;
    this.residuals.set(key, entry);
  }

  /** What this formatter's rounding moved so far, for `absorb` by the formatter that reports it. */
  residualState(): ResidualState[] {
    return [...this.residuals].map(([key, { decimals, raw, cells }]) => ({ key, decimals, raw, cells }));
  }

  /** Adds residuals another formatter (of another part of the ledger) tracked: sums are exact, so order does not matter. */
  absorb(states: readonly ResidualState[]): void {
    for (const { key, decimals, raw, cells } of states) this.add(key, decimals, raw, cells);
  }

  residualReport(): RoundingResidual[] {
    return [...this.residuals.entries()]
      .map(([key, value]) => ({
        currency: key.split('\u0000')[0] as string,
        residual: formatUnits(value.raw, value.decimals),
        roundedCells: value.cells,
      }))
      .sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
  }

  private round(raw: bigint, scale: bigint): bigint {
    const negative = raw < 0n;
    const magnitude = negative ? -raw : raw;
    let quotient = magnitude / scale;
    const remainder = magnitude % scale;
    if (this.rounding !== 'down' && remainder !== 0n) {
      const twice = remainder * 2n;
      if (twice > scale || (twice === scale && (this.rounding === 'half-up' || quotient % 2n === 1n))) quotient += 1n;
    }
    return negative ? -quotient : quotient;
  }
}

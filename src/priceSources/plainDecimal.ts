import { Decimal } from '../ledger/money.js';

/** A JSON number or numeric string as a plain decimal string (no exponent); `undefined` when not a finite number ≥ 0. */
export function plainDecimal(value: unknown): string | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  if (typeof value === 'number' && !(Number.isFinite(value) && value >= 0)) return undefined;
  if (typeof value === 'string' && !/^\d+(\.\d+)?$/.test(value)) return undefined;
  return new Decimal(String(value)).toString();
}

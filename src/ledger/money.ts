import { Decimal as DecimalJs } from 'decimal.js';

/**
 * A local Decimal with room for uint256 (78 digits) and no exponent notation;
 * the global Decimal (20 digits) would silently round token amounts.
 */
export const Decimal = DecimalJs.clone({ precision: 100, rounding: DecimalJs.ROUND_HALF_EVEN, toExpNeg: -100, toExpPos: 100 });
export type Decimal = InstanceType<typeof Decimal>;

/** Base units → exact plain decimal string ("1.5", "0.000000000000000001", "0"). */
export function formatUnits(raw: bigint, decimals: number): string {
  if (decimals === 0) return raw.toString();
  const negative = raw < 0n;
  const digits = (negative ? -raw : raw).toString().padStart(decimals + 1, '0');
  const point = digits.length - decimals;
  // Trailing zeros of the fraction, found by scanning back (a regex per amount showed in the export's profile).
  let end = digits.length;
  while (end > point && digits.charCodeAt(end - 1) === 48) end -= 1;
  const whole = digits.slice(0, point);
  return `${negative ? '-' : ''}${whole}${end === point ? '' : `.${digits.slice(point, end)}`}`;
}

/** Parses a wire integer (decimal or 0x-hex string); throws on anything else. */
export function parseInteger(text: string): bigint {
  if (!/^(0x[0-9a-fA-F]*|[0-9]+)$/.test(text)) throw new RangeError(`not an integer: ${JSON.stringify(text)}`);
  return text === '0x' ? 0n : BigInt(text);
}

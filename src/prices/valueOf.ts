import type { WrittenPrice } from './writtenPrice.js';
import { minorUnits } from './minorUnits.js';

const powers: bigint[] = [];
const halves: bigint[] = [];

function powerOfTen(exponent: number): bigint {
  return (powers[exponent] ??= 10n ** BigInt(exponent));
}

/** A value in the currency's minor units (cents), and as files write it. */
export interface MinorValue {
  units: bigint;
  text: string;
}

/**
 * `amount × price` exact, then rounded half-even once to the currency's minor unit and written with all its
 * digits ("12.30"). `decimals` turns base units into whole units. The product is exact integer arithmetic
 * (base units × the price's digits), so nothing is rounded on the way and a million rows cost no decimal division.
 */
export function valueOf(amountRaw: bigint, decimals: number, price: WrittenPrice, currency: string): MinorValue {
  const { digits, scale } = price;
  const minor = minorUnits(currency);
  const product = amountRaw * digits;
  const shift = decimals + scale - minor;
  const units = shift <= 0 ? product * powerOfTen(-shift) : roundHalfEven(product, shift);
  return { units, text: unitsText(units, minor) };
}

/**
 * `value / 10^exponent` (exponent ≥ 1) to the nearest integer, a tie to the even one; signs kept. Half the
 * divisor is exact, so the remainder is compared with it rather than doubled: a BigInt fewer per row.
 */
function roundHalfEven(value: bigint, exponent: number): bigint {
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const divisor = powerOfTen(exponent);
  let quotient = magnitude / divisor;
  const rest = magnitude % divisor;
  const half = (halves[exponent] ??= divisor / 2n);
  if (rest > half || (rest === half && quotient % 2n === 1n)) quotient += 1n;
  return negative ? -quotient : quotient;
}

/** Minor units written with exactly `minor` digits after the point (`12345n`, 2 → `123.45`). */
export function unitsText(units: bigint, minor: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(minor + 1, '0');
  const text = minor === 0 ? digits : `${digits.slice(0, -minor)}.${digits.slice(-minor)}`;
  return negative ? `-${text}` : text;
}

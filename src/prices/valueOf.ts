import type { WrittenPrice } from './writtenPrice.js';
import { minorUnits } from './minorUnits.js';
import { TWO_DIGITS } from './twoDigits.js';

const powers: bigint[] = [];

function powerOfTen(exponent: number): bigint {
  return (powers[exponent] ??= 10n ** BigInt(exponent));
}

/** `.00` … `.99`: a value in cents is its whole part and one of these, one concatenation a row rather than two. */
const POINT_CENTS = TWO_DIGITS.map((cents) => `.${cents}`);

/** Powers of ten as doubles, each correctly rounded (exact up to 10^22): parsed, since `10 ** n` need not be. */
const doublePowers = Array.from({ length: 400 }, (_, exponent) => Number(`1e${exponent}`));

/** A value in the currency's minor units (cents), and as files write it. */
export interface MinorValue {
  /**
   * A safe integer when a double decided it (nearly every row), else a BigInt: making a BigInt of every row's
   * number, and another for each sum of them, went through V8's runtime twice a row.
   */
  units: number | bigint;
  text: string;
}

/**
 * `amount × price` exact (the price's exact digits over its divisor, not its written text: a converted price is
 * `usd ÷ rate`), then rounded half-even once to the currency's minor unit and written with all its digits
 * ("12.30"). `decimals` turns base units into whole units. Nearly every row's nearest minor unit is certain from a
 * double (`nearestUnits`); the rest (a product within a hair of half a cent, or beyond 2^40 cents) take exact
 * integer arithmetic (base units × the price's digits ÷ the divisor), so nothing is rounded on the way.
 */
export function valueOf(amountRaw: bigint, decimals: number, price: WrittenPrice, currency: string): MinorValue {
  const minor = minorUnits(currency);
  const shift = decimals + price.scale - minor;
  const nearest = nearestUnits(amountRaw, price.whole, shift, price.divisor);
  if (nearest !== null) return { units: nearest, text: nearestText(nearest, minor) };
  const product = amountRaw * BigInt(price.digitText);
  const units =
    price.divisorText === '1'
      ? shift <= 0
        ? product * powerOfTen(-shift)
        : roundHalfEven(product, powerOfTen(shift))
      : roundHalfEven(product * powerOfTen(Math.max(0, -shift)), powerOfTen(Math.max(0, shift)) * BigInt(price.divisorText));
  return { units, text: unitsText(units, minor) };
}

/** Below this many minor units a double's error is far under a unit (2^40 cents: eleven billion dollars). */
const FAST_LIMIT = 2 ** 40;

/**
 * `amountRaw × whole / divisor / 10^shift` to the nearest integer when a double decides it beyond doubt, else
 * `null`. The double is within 5 rounding errors (under 2^-50 relative) of the exact quotient: the amount's
 * conversion, the product, the divisor's division, the power of ten and the division or second product. When the double lies further than 2^-48 of
 * itself from the half-way point between its two neighbouring integers, the exact value is on the same side of
 * it, so both round to the same integer; a tie or a near-tie is left to the exact path, which rounds it to even.
 * A million-row export made five BigInts and a division per row here (a quarter of what valuation allocated).
 */
function nearestUnits(amountRaw: bigint, whole: number, shift: number, divisor: number): number | null {
  if (Number.isNaN(whole) || Number.isNaN(divisor) || shift < -22) return null;
  const product = divisor === 1 ? Number(amountRaw) * whole : (Number(amountRaw) * whole) / divisor;
  const scaled = shift >= 0 ? product / (doublePowers[shift] ?? Infinity) : product * (doublePowers[-shift] as number);
  const magnitude = Math.abs(scaled);
  if (!(magnitude < FAST_LIMIT)) return null;
  const floor = Math.floor(magnitude);
  const fraction = magnitude - floor;
  if (Math.abs(fraction - 0.5) <= magnitude * 2 ** -48) return null;
  const nearest = fraction > 0.5 ? floor + 1 : floor;
  return scaled < 0 && nearest !== 0 ? -nearest : nearest;
}

/** `value / divisor` (divisor ≥ 1) to the nearest integer, a tie to the even one; signs kept. */
function roundHalfEven(value: bigint, divisor: bigint): bigint {
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  let quotient = magnitude / divisor;
  const twice = (magnitude % divisor) * 2n;
  if (twice > divisor || (twice === divisor && quotient % 2n === 1n)) quotient += 1n;
  return negative ? -quotient : quotient;
}

/** Minor units written with exactly `minor` digits after the point (`12345n`, 2 → `123.45`). */
export function unitsText(units: bigint, minor: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(minor + 1, '0');
  const text = minor === 0 ? digits : `${digits.slice(0, -minor)}.${digits.slice(-minor)}`;
  return negative ? `-${text}` : text;
}

/**
 * `unitsText` of minor units held as a double (below 2^40): the whole part is a small integer, whose text V8
 * caches, and cents come from a table, where the BigInt's digits were padded and sliced twice on every row.
 */
function nearestText(units: number, minor: number): string {
  const magnitude = Math.abs(units);
  const scale = doublePowers[minor] as number;
  let whole = Math.floor(magnitude / scale);
  let fraction = magnitude - whole * scale;
  // The quotient's rounding may cross a whole number when the minor unit is finer than its last bit.
  if (fraction < 0) {
    whole -= 1;
    fraction += scale;
  } else if (fraction >= scale) {
    whole += 1;
    fraction -= scale;
  }
  // A whole part that fits a small integer is written as one: as a double, each row's text first boxed it.
  const head = whole < 2 ** 30 ? String(whole | 0) : String(whole);
  const text =
    minor === 0 ? head : minor === 2 ? head + (POINT_CENTS[fraction] as string) : `${head}.${String(fraction).padStart(minor, '0')}`;
  return units < 0 ? `-${text}` : text;
}

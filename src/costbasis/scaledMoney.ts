import { Decimal } from '../ledger/money.js';

/**
 * Decimal places of the replay's money. Inside the replay an amount of the book's currency is a bigint of units of
 * 10^-40 (`Money`): a lot's cost, a piece's, proceeds, selling costs and the ties' sums add and split exactly, and a
 * pro-rata part is rounded half-even at the 40th place, as the Decimals it replaces cut it (`toDecimalPlaces(40)`),
 * 38 places below any currency's minor unit. Values come in as Decimals (exact `amount × price`) and rows go out as
 * Decimals; only here do they cross.
 */
export const MONEY_PLACES = 40;

/** An amount of the book's currency in units of 10^-`MONEY_PLACES`. */
export type Money = bigint;

const POWERS: readonly bigint[] = Array.from({ length: 2 * MONEY_PLACES + 101 }, (_, power) => 10n ** BigInt(power));

function power(exponent: number): bigint {
  return POWERS[exponent] ?? 10n ** BigInt(exponent);
}

/**
 * A Decimal as Money: exact when it has at most `MONEY_PLACES` decimal places (every `amount × price` of a price with
 * up to 22 places and an 18-decimal token), else rounded half-even at the last. Reads decimal.js's documented digits
 * (`d`, base 10^7 words, the first without leading zeros), exponent (`e`, of the first digit) and sign (`s`), two
 * words at a time as one exact number below 10^14: a string of the digits and its parse per value were most of what a
 * leg's value cost the replay.
 */
export function toMoney(value: Decimal): Money {
  const { d: words, e: exponent, s: sign } = value as unknown as { d: readonly number[]; e: number; s: number };
  const count = words.length;
  const first = words[0] as number;
  if (count === 1 && first === 0) return 0n;
  let coefficient: bigint;
  let index: number;
  if ((count & 1) === 1) {
    coefficient = BigInt(first);
    index = 1;
  } else {
    coefficient = BigInt(first * WORD + (words[1] as number));
    index = 2;
  }
  for (; index < count; index += 2)
    coefficient = coefficient * TWO_WORDS + BigInt((words[index] as number) * WORD + (words[index + 1] as number));
  const shift = exponent - digitsOf(first) - (count - 1) * WORD_DIGITS + 1 + MONEY_PLACES;
  const scaled = shift >= 0 ? coefficient * power(shift) : roundedQuotient(coefficient, power(-shift));
  return sign < 0 ? -scaled : scaled;
}

/** 10^7, a decimal.js word's base, and 10^14, two words'. */
const WORD = 10_000_000;
const TWO_WORDS = 100_000_000_000_000n;

/** The digits of a word (0 < word < 10^7). */
function digitsOf(word: number): number {
  return word >= 1_000_000 ? 7 : word >= 100_000 ? 6 : word >= 10_000 ? 5 : word >= 1_000 ? 4 : word >= 100 ? 3 : word >= 10 ? 2 : 1;
}

/**
 * Money as the Decimal the report carries (exact: it has at most `MONEY_PLACES` places). Built from its digits in
 * decimal.js's own form (base 10^7 words aligned on the exponent, as its parser makes them; the constructor copies an
 * object tagged as a Decimal): parsing a string per figure was most of what writing the rows cost.
 */
export function toDecimal(money: Money): Decimal {
  return scaledDecimal(money, MONEY_PLACES);
}

/**
 * `units × 10^-places` as a Decimal, in the form decimal.js's parser gives its plain text (`formatUnits`): a leg's
 * amount of base units, valued, without a string to make and parse per leg.
 */
export function scaledDecimal(units: bigint, places: number): Decimal {
  if (units === 0n) return ZERO;
  const negative = units < 0n;
  const text = (negative ? -units : units).toString();
  let length = text.length;
  while (text.charCodeAt(length - 1) === 48) length -= 1;
  const exponent = text.length - 1 - places;
  // The first word holds the digits down to the first place that is a multiple of 7 from the exponent's; the last
  // is filled with zeros to 7 digits. Read from the character codes: a slice and a Number per word showed in reading
  // the rows.
  const first = (exponent + 1) % WORD_DIGITS;
  let wordEnd = exponent < 0 ? first + WORD_DIGITS : first === 0 ? WORD_DIGITS : first;
  const words: number[] = [];
  let word = 0;
  for (let index = 0; index < length; index += 1) {
    word = word * 10 + text.charCodeAt(index) - 48;
    if (index + 1 === wordEnd) {
      words.push(word);
      word = 0;
      wordEnd += WORD_DIGITS;
    }
  }
  if (wordEnd - WORD_DIGITS < length) words.push(word * (POWERS_OF_TEN[wordEnd - length] as number));
  return new Decimal({ s: negative ? -1 : 1, e: exponent, d: words, toStringTag: '[object Decimal]' } as unknown as Decimal);
}

/** decimal.js keeps 7 decimal digits per word. */
const WORD_DIGITS = 7;
/** 10^0 … 10^7 as numbers: what fills the last word. */
const POWERS_OF_TEN: readonly number[] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000];

/** Decimals are immutable: one zero serves every zero amount. */
const ZERO = new Decimal(0);

/**
 * Money as a file writes it with `places` decimals (a currency's minor unit): rounded half-even, as a Decimal's
 * `toDecimalPlaces(places).toFixed(places)` writes the same amount (0 rounded from below is `0.00`, never `-0.00`).
 */
export function moneyFixed(money: Money, places: number): string {
  const rounded = moneyPart(money, 1n, power(MONEY_PLACES - places));
  if (places === 0) return rounded.toString();
  const digits = (rounded < 0n ? -rounded : rounded).toString().padStart(places + 1, '0');
  const point = digits.length - places;
  return `${rounded < 0n ? '-' : ''}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** `money × part ÷ whole`, rounded half-even at the last place (`whole` > 0). */
export function moneyPart(money: Money, part: bigint, whole: bigint): Money {
  return money < 0n ? -roundedQuotient(-money * part, whole) : roundedQuotient(money * part, whole);
}

/** `dividend ÷ divisor` for a dividend ≥ 0 and a divisor > 0, rounded half-even. */
function roundedQuotient(dividend: bigint, divisor: bigint): bigint {
  const quotient = dividend / divisor;
  const twice = (dividend - quotient * divisor) * 2n;
  return twice > divisor || (twice === divisor && (quotient & 1n) === 1n) ? quotient + 1n : quotient;
}

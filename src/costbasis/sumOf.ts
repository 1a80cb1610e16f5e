import type { Money } from './scaledMoney.js';

/** The sum of known amounts. */
export function sumOf(values: readonly Money[]): Money {
  let sum = 0n;
  for (const value of values) sum += value;
  return sum;
}

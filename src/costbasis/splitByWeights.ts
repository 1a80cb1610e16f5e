import { type Money, moneyPart } from './scaledMoney.js';
import { sumOf } from './sumOf.js';

/**
 * `total` shared in proportion to `weights`, the last share taking exactly what is left so the shares sum to `total`
 * (no drift). Unknown is never 0: an unknown total, or an unknown weight among several, makes every share unknown.
 * Weights that sum to zero share equally.
 */
export function splitByWeights(total: Money | null, weights: readonly (Money | null)[]): (Money | null)[] {
  if (weights.length === 1) return [total];
  if (total === null || weights.some((weight) => weight === null)) return weights.map(() => null);
  const known = weights as readonly Money[];
  const sum = sumOf(known);
  const count = BigInt(known.length);
  let left = total;
  return known.map((weight, index) => {
    if (index === known.length - 1) return left;
    const share = sum === 0n ? moneyPart(total, 1n, count) : moneyPart(total, weight, sum);
    left -= share;
    return share;
  });
}

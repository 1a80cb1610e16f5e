import type { Decimal } from '../ledger/money.js';
import { sumOf } from './sumOf.js';

/**
 * `total` shared in proportion to `weights`, the last share taking exactly what is left so the shares sum to `total`
 * (no drift). Unknown is never 0: an unknown total, or an unknown weight among several, makes every share unknown.
 * Weights that sum to zero share equally.
 */
export function splitByWeights(total: Decimal | null, weights: readonly (Decimal | null)[]): (Decimal | null)[] {
  if (weights.length === 1) return [total];
  if (total === null || weights.some((weight) => weight === null)) return weights.map(() => null);
  const known = weights as readonly Decimal[];
  const sum = sumOf(known);
  let left = total;
  return known.map((weight, index) => {
    if (index === known.length - 1) return left;
    const share = sum.isZero() ? total.div(known.length) : total.mul(weight).div(sum);
    left = left.sub(share);
    return share;
  });
}

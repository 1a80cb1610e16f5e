import type { AcquireEvent, DisposeEvent } from './BasisEvent.js';
import { splitByWeights } from './splitByWeights.js';
import type { Money } from './scaledMoney.js';
import { sumOf } from './sumOf.js';

/**
 * One wallet's fees in one transaction as a cost of what it did there: a selling cost of its disposals split by their
 * proceeds; if it disposed of nothing, added to its acquisitions' cost split by their value; otherwise (moves only, a
 * failed transaction) left unallocated. The fee's own disposal keeps its proceeds either way.
 */
export function allocateFee(
  fees: readonly DisposeEvent[],
  disposals: readonly DisposeEvent[],
  acquisitions: readonly AcquireEvent[],
): void {
  if (fees.length === 0) return;
  const paid = fees.some((fee) => fee.proceeds === null) ? null : sumOf(fees.map((fee) => fee.proceeds as Money));
  if (disposals.length > 0) {
    const shares = splitByWeights(
      paid,
      disposals.map((event) => event.proceeds),
    );
    disposals.forEach((event, index) => {
      event.sellingCosts = plus(event.sellingCosts, shares[index] ?? null);
      if (event.sellingCosts === null) flagUnknown(event);
    });
    return;
  }
  const shares = splitByWeights(
    paid,
    acquisitions.map((event) => event.cost),
  );
  acquisitions.forEach((event, index) => {
    event.cost = plus(event.cost, shares[index] ?? null);
    if (event.cost === null) flagUnknown(event);
  });
}

function plus(a: Money | null, b: Money | null): Money | null {
  return a === null || b === null ? null : a + b;
}

function flagUnknown(event: { flags: string[] }): void {
  if (!event.flags.includes('unknown_price')) event.flags.push('unknown_price');
}

import type { AcquireEvent, BasisEvent, DisposeEvent } from './BasisEvent.js';
import { withFlag } from './eventFlags.js';
import { splitByWeights } from './splitByWeights.js';
import type { Money } from './scaledMoney.js';

/**
 * One wallet's fees in one transaction as a cost of what it did there: a selling cost of its disposals split by their
 * proceeds; if it disposed of nothing, added to its acquisitions' cost split by their value; otherwise (moves only, a
 * failed transaction) left unallocated. The fee's own disposal keeps its proceeds either way. `events[start, feesEnd)`
 * are the wallet's fees and the events after them the rest of its events in the transaction, in the order the shares
 * go (the last takes what is left); read in place, no list made of them.
 */
export function allocateFee(events: readonly BasisEvent[], start: number, feesEnd: number): void {
  if (feesEnd === start) return;
  let paid: Money | null = 0n;
  for (let index = start; index < feesEnd && paid !== null; index += 1) {
    const { proceeds } = events[index] as DisposeEvent;
    paid = proceeds === null ? null : paid + proceeds;
  }
  let disposals = 0;
  let acquisitions = 0;
  for (let index = feesEnd; index < events.length; index += 1) {
    const { type } = events[index] as BasisEvent;
    if (type === 'dispose') disposals += 1;
    else if (type === 'acquire') acquisitions += 1;
  }
  const type = disposals > 0 ? 'dispose' : 'acquire';
  const count = disposals > 0 ? disposals : acquisitions;
  if (count === 0) return;
  if (count === 1) {
    // One event (most transactions): it takes the whole fee, whatever its own value.
    for (let index = feesEnd; index < events.length; index += 1) {
      const event = events[index] as BasisEvent;
      if (event.type === type) return charge(event as DisposeEvent | AcquireEvent, paid);
    }
  }
  const charged: (DisposeEvent | AcquireEvent)[] = [];
  for (let index = feesEnd; index < events.length; index += 1) {
    const event = events[index] as BasisEvent;
    if (event.type === type) charged.push(event as DisposeEvent | AcquireEvent);
  }
  const shares = splitByWeights(
    paid,
    charged.map((event) => (event.type === 'dispose' ? event.proceeds : event.cost)),
  );
  charged.forEach((event, index) => charge(event, shares[index] ?? null));
}

/** A disposal's selling cost or an acquisition's cost plus its share of the fee (unknown if either is). */
function charge(event: DisposeEvent | AcquireEvent, share: Money | null): void {
  if (event.type === 'dispose') {
    event.sellingCosts = plus(event.sellingCosts, share);
    if (event.sellingCosts === null) event.flags = withFlag(event.flags, 'unknown_price');
  } else {
    event.cost = plus(event.cost, share);
    if (event.cost === null) event.flags = withFlag(event.flags, 'unknown_price');
  }
}

function plus(a: Money | null, b: Money | null): Money | null {
  return a === null || b === null ? null : a + b;
}

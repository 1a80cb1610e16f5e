import { type Money, moneyPart } from './scaledMoney.js';

/** A quantity (base units) and what it cost in total; `null`: unknown, never 0 in its place. */
export interface Share {
  quantity: bigint;
  cost: Money | null;
  /**
   * Under an unknown `cost`, the known cost blended into it (an average of known and unknown lots): no figure of the
   * share's, but the tie-out counts it, so a pool's known cost in equals its known cost out. Absent when none.
   */
  knownCost?: Money | undefined;
}

/**
 * Takes `part` (0 < part ≤ from.quantity) out of `from`, which keeps the rest: the part costs `cost × part ÷ quantity`
 * (rounded half-even at Money's last place), and the part that empties it costs exactly what is left, so the parts of
 * a share always sum to its cost (no drift).
 */
export function takePart(from: Share, part: bigint): Share {
  if (part <= 0n || part > from.quantity) throw new RangeError(`cannot take ${part} of ${from.quantity}`);
  const whole = from.cost;
  const before = from.quantity;
  from.quantity -= part;
  if (whole === null) {
    const known = from.knownCost;
    if (known === undefined) return { quantity: part, cost: null };
    const knownPart = part === before ? known : moneyPart(known, part, before);
    from.knownCost = known - knownPart;
    return { quantity: part, cost: null, knownCost: knownPart };
  }
  // Most lots leave whole: no arithmetic.
  const cost = part === before || whole === 0n ? whole : moneyPart(whole, part, before);
  from.cost = whole - cost;
  return { quantity: part, cost };
}

/**
 * The share of `part` base units in `left`, what is left of an amount spread over `of` base units (proceeds, selling
 * costs over a disposal's pieces, taken in turn): pro rata, all of it for the part that takes the rest, 0 for none;
 * unknown stays unknown. The caller takes the share from `left` and `part` from `of` before the next.
 */
export function shareOf(left: Money | null, part: bigint, of: bigint): Money | null {
  if (left === null) return null;
  if (part === 0n) return 0n;
  return part === of || left === 0n ? left : moneyPart(left, part, of);
}

import { Decimal } from '../ledger/money.js';

/** A quantity (base units) and what it cost in total; `null`: unknown, never 0 in its place. */
export interface Share {
  quantity: bigint;
  cost: Decimal | null;
  /**
   * Under an unknown `cost`, the known cost blended into it (an average of known and unknown lots): no figure of the
   * share's, but the tie-out counts it, so a pool's known cost in equals its known cost out. Absent when none.
   */
  knownCost?: Decimal | undefined;
}

/**
 * A part's cost is cut at this many decimal places, so that what stays is exactly `cost − part` within the Decimal's
 * 100 digits and a lot's parts add up to its cost to the last digit; far below any currency's minor unit.
 */
const PART_PLACES = 40;
/** Decimals are immutable: one zero serves every emptied share. */
const ZERO = new Decimal(0);

/**
 * Takes `part` (0 < part ≤ from.quantity) out of `from`, which keeps the rest: the part costs `cost × part ÷ quantity`,
 * and the part that empties it costs exactly what is left, so the parts of a share always sum to its cost (no drift).
 */
export function takePart(from: Share, part: bigint): Share {
  if (part <= 0n || part > from.quantity) throw new RangeError(`cannot take ${part} of ${from.quantity}`);
  const whole = from.cost;
  const before = from.quantity;
  from.quantity -= part;
  if (whole === null) {
    const known = from.knownCost;
    if (known === undefined) return { quantity: part, cost: null };
    const knownPart = partOf(known, part, before);
    from.knownCost = from.quantity === 0n ? ZERO : known.minus(knownPart);
    return { quantity: part, cost: null, knownCost: knownPart };
  }
  const cost = partOf(whole, part, before);
  from.cost = from.quantity === 0n ? ZERO : cost === whole ? whole : whole.minus(cost);
  return { quantity: part, cost };
}

/** `total × part ÷ of`, cut at `PART_PLACES`: the part that empties (`part = of`), or any part of nothing, is the whole. */
function partOf(total: Decimal, part: bigint, of: bigint): Decimal {
  // Most lots leave whole: no arithmetic.
  if (part === of || total.isZero()) return total;
  return total.mul(part.toString()).div(of.toString()).toDecimalPlaces(PART_PLACES);
}

/** Splits `total` (proceeds, selling costs) over pieces by their quantities, the same way a lot is taken: the last gets the rest. */
export function splitByQuantity(total: Decimal | null, quantities: readonly bigint[]): (Decimal | null)[] {
  // One piece (most disposals): it takes the whole.
  if (quantities.length === 1 && quantities[0] !== 0n) return [total];
  const whole: Share = { quantity: quantities.reduce((sum, quantity) => sum + quantity, 0n), cost: total };
  return quantities.map((quantity) => (quantity === 0n ? (total === null ? null : total.mul(0)) : takePart(whole, quantity).cost));
}

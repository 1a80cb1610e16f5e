import type { BasisLeg } from '../costbasis/BasisLeg.js';
import { basisLegOf, type BasisValue } from '../costbasis/basisLegOf.js';
import { unpackedLegs, type PackedLegs } from '../costbasis/PackedLegs.js';
import { compareEntries, mergeSorted } from '../ledger/compareEntries.js';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import { formatUnits } from '../ledger/money.js';
import type { RowPrices } from '../prices/valueLeg.js';
import { priceQueryOf } from '../prices/priceQueryOf.js';

/** A leg gathered before the prices are settled (the rows' own are only after the first render): valued later. */
export const UNVALUED: BasisValue = { value: null, valueState: 'not valued yet', price: null, priceSource: '' };

/**
 * Fills the leg's exact value (`amount × price`, never the row's rounded one: the rows' own question and answer, as
 * `valueLeg` asks them), or why it has none; returns it.
 */
export function valuedLeg(leg: BasisLeg, prices: RowPrices): BasisLeg {
  const query = priceQueryOf(leg, leg.timestamp);
  const answer = typeof query === 'string' ? null : prices.priceAt(query);
  if (answer === null || !answer.found) {
    leg.valueState = answer?.state ?? (query as string);
    return leg;
  }
  leg.price = answer.price;
  leg.value = answer.price.times(formatUnits(leg.amountRaw, leg.decimals as number));
  leg.priceSource = answer.source;
  leg.valueState = 'valued';
  return leg;
}

/** The entries' legs valued as they are read (an entry a rule left out of tax templates has none). */
export function* basisLegs(entries: Iterable<LedgerEntry>, prices: RowPrices): Generator<BasisLeg> {
  for (const entry of entries) {
    const leg = basisLegOf(entry, UNVALUED);
    if (leg !== null) yield valuedLeg(leg, prices);
  }
}

/** Legs gathered in the pass (one pack per part, each part's chains apart, each in ledger order), in ledger order, not yet valued. */
export function gatheredLegs(parts: readonly PackedLegs[]): Iterable<BasisLeg> {
  const legs = parts.map((part) => unpackedLegs(part, UNVALUED));
  return legs.length === 1 ? (legs[0] as Iterable<BasisLeg>) : mergeSorted<BasisLeg>(legs, compareEntries);
}

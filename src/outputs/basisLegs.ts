import type { BasisLeg } from '../costbasis/BasisLeg.js';
import { basisLegOf, type BasisValue } from '../costbasis/basisLegOf.js';
import { scaledDecimal } from '../costbasis/scaledMoney.js';
import { unpackedLegs, type PackedLegs } from '../costbasis/PackedLegs.js';
import { compareEntries, mergeSorted } from '../ledger/compareEntries.js';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { RowPrices } from '../prices/valueLeg.js';
import { priceQueryOf } from '../prices/priceQueryOf.js';
import type { PricedHistory } from './Output.js';

/**
 * The legs the export's pass gathered for cost basis, a pack per part (its chains apart, each in ledger order): the
 * ledger's before the period (`null`: the pass did not read it, `PricedHistory.entries` reads it) and the period's.
 */
export interface GatheredLegs {
  history: PackedLegs[] | null;
  period: PackedLegs[];
}

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
  leg.value = answer.price.times(scaledDecimal(leg.amountRaw, leg.decimals as number));
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

/**
 * The history's legs the pass gathered, in ledger order, valued; ended early once `history`'s prices missed a key
 * (looked at every 1,024 legs), since the replay then runs again once they are settled.
 */
export function* historyLegs(parts: readonly PackedLegs[], prices: RowPrices, history: Pick<PricedHistory, 'missed'>): Generator<BasisLeg> {
  let read = 0;
  for (const leg of gatheredLegs(parts)) {
    if ((read += 1) % 1024 === 0 && history.missed()) return;
    yield valuedLeg(leg, prices);
  }
}

import type { DisposeEvent } from './BasisEvent.js';
import type { GainRow } from './BasisReport.js';
import type { BasisMethod } from './CostBasisSettings.js';
import type { GainSink } from './GainSink.js';
import type { LotPiece } from './Lot.js';
import { shareOf } from './proRata.js';

/** The term of a piece sold at `soldAt`, or `null` when it has none (no acquisition time, or a profile without terms). */
export type TermOf = (acquiredAt: number, soldAt: number) => GainRow['term'];

/**
 * A disposal's rows, added to `rows` (`sequence`: the order the disposal ran in): one per lot piece it took, then one
 * without a lot for what the pool could not cover (`missing_acquisition`). Proceeds and selling costs are split over
 * the rows by quantity, the last taking the rest.
 */
export function disposalRows(
  event: DisposeEvent,
  pieces: readonly LotPiece[],
  short: bigint,
  method: BasisMethod,
  termOf: TermOf,
  rows: GainSink,
  sequence: number,
): void {
  rows.startDisposal(event, method, sequence);
  // Proceeds and selling costs cut as the rows are added, each row's share of what is left: no list per disposal.
  let of = short;
  for (const piece of pieces) of += piece.quantity;
  let proceedsLeft = event.proceeds;
  let costsLeft = event.sellingCosts;
  for (const { lotId, acquiredAt, quantity, cost } of pieces) {
    const proceeds = shareOf(proceedsLeft, quantity, of);
    const sellingCosts = shareOf(costsLeft, quantity, of);
    if (proceedsLeft !== null && proceeds !== null) proceedsLeft -= proceeds;
    if (costsLeft !== null && sellingCosts !== null) costsLeft -= sellingCosts;
    of -= quantity;
    const term = acquiredAt === null ? null : termOf(acquiredAt, event.timestamp);
    rows.add(lotId, acquiredAt, quantity, proceeds, sellingCosts, cost, term, cost === null ? 2 : 0);
  }
  if (short > 0n) rows.add(null, null, short, proceedsLeft, costsLeft, null, null, 1);
}

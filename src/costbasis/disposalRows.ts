import type { DisposeEvent } from './BasisEvent.js';
import type { GainRow } from './BasisReport.js';
import type { BasisMethod } from './CostBasisSettings.js';
import type { GainSink } from './GainSink.js';
import type { LotPiece } from './Lot.js';
import { splitByQuantity } from './proRata.js';

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
  const quantities = pieces.map((piece) => piece.quantity);
  if (short > 0n) quantities.push(short);
  const proceeds = splitByQuantity(event.proceeds, quantities);
  const sellingCosts = splitByQuantity(event.sellingCosts, quantities);
  pieces.forEach(({ lotId, acquiredAt, quantity, cost }, index) => {
    const term = acquiredAt === null ? null : termOf(acquiredAt, event.timestamp);
    rows.add(lotId, acquiredAt, quantity, proceeds[index] ?? null, sellingCosts[index] ?? null, cost, term, cost === null ? 2 : 0);
  });
  if (short > 0n) rows.add(null, null, short, proceeds.at(-1) ?? null, sellingCosts.at(-1) ?? null, null, null, 1);
}

import type { DisposeEvent } from './BasisEvent.js';
import type { GainRow } from './BasisReport.js';
import type { BasisMethod } from './CostBasisSettings.js';
import type { LotPiece } from './Lot.js';
import { splitByQuantity } from './proRata.js';
import { toDecimal } from './scaledMoney.js';

/** The term of a piece sold at `soldAt`, or `null` when it has none (no acquisition time, or a profile without terms). */
export type TermOf = (acquiredAt: number, soldAt: number) => GainRow['term'];

/**
 * A disposal's rows: one per lot piece it took, then one without a lot for what the pool could not cover
 * (`missing_acquisition`). Proceeds and selling costs are split over the rows by quantity, the last taking the rest.
 */
export function disposalRows(
  event: DisposeEvent,
  pieces: readonly LotPiece[],
  short: bigint,
  method: BasisMethod,
  termOf: TermOf,
): GainRow[] {
  const parts: LotPiece[] = short > 0n ? [...pieces, { lotId: null, acquiredAt: null, quantity: short, cost: null }] : [...pieces];
  const quantities = parts.map((part) => part.quantity);
  const proceeds = splitByQuantity(event.proceeds, quantities);
  const sellingCosts = splitByQuantity(event.sellingCosts, quantities);
  const { holding } = event;
  return parts.map((part, index): GainRow => {
    const missing = short > 0n && index === parts.length - 1;
    const rowProceeds = proceeds[index] ?? null;
    const rowCosts = sellingCosts[index] ?? null;
    const flags = missing ? [...event.flags, 'missing_acquisition'] : part.cost === null ? [...event.flags, 'missing_basis'] : event.flags;
    return {
      entryId: event.entryId,
      lotId: part.lotId,
      txHash: event.txHash,
      chainId: holding.chainId,
      wallet: holding.wallet,
      asset: holding.asset,
      assetContract: holding.assetContract,
      quantity: part.quantity,
      decimals: holding.decimals,
      acquiredAt: part.acquiredAt,
      soldAt: event.timestamp,
      proceeds: rowProceeds === null ? null : toDecimal(rowProceeds),
      sellingCosts: rowCosts === null ? null : toDecimal(rowCosts),
      costBasis: part.cost === null ? null : toDecimal(part.cost),
      gain: rowProceeds === null || rowCosts === null || part.cost === null ? null : toDecimal(rowProceeds - rowCosts - part.cost),
      term: part.acquiredAt === null ? null : termOf(part.acquiredAt, event.timestamp),
      kind: event.kind,
      method,
      flags,
    };
  });
}

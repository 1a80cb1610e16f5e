import type { DisposeEvent, Holding } from './BasisEvent.js';
import type { DisposalKind } from './BasisEvent.js';
import type { GainRow } from './BasisReport.js';
import type { BasisMethod } from './CostBasisSettings.js';
import { type Money, toDecimal } from './scaledMoney.js';

/** A row's flag beyond its disposal's: none, `missing_acquisition` (the part without a lot) or `missing_basis`. */
export type RowFlag = 0 | 1 | 2;
const EXTRA_FLAGS = [null, 'missing_acquisition', 'missing_basis'] as const;

/**
 * Where the replay puts the period's gain rows as their disposals are answered (a `uk` disposal may be answered after
 * later ones): kept compact to be read after the replay (`GainRows`), or made and handed on at once in the order the
 * disposals ran (`GainStream`).
 */
export interface GainSink {
  readonly length: number;
  /** A disposal whose rows follow (`add`); `sequence` is the order it ran in. */
  startDisposal(event: DisposeEvent, method: BasisMethod, sequence: number): void;
  /** A row of the disposal started last. */
  add(
    lotId: string | null,
    acquiredAt: number | null,
    quantity: bigint,
    proceeds: Money | null,
    sellingCosts: Money | null,
    cost: Money | null,
    term: GainRow['term'],
    flag: RowFlag,
  ): void;
  /** Every disposal that ran before `sequence` has been answered (`Infinity`: all of them). */
  answered(sequence: number): void;
}

/** What every row of one disposal shares: kept once, not per row. */
export interface Disposal {
  entryId: string;
  txHash: string;
  holding: Holding;
  soldAt: number;
  kind: DisposalKind;
  method: BasisMethod;
  flags: readonly string[];
  /** The order the disposal ran in (a `uk` answer can come after a later disposal's). */
  sequence: number;
}

/** Most disposals have no flag: one empty list serves them all (an event's own is an array per event). */
const NO_FLAGS: readonly string[] = [];

export function disposalOf(event: DisposeEvent, method: BasisMethod, sequence: number): Disposal {
  const { entryId, txHash, holding, timestamp, kind, flags } = event;
  return { entryId, txHash, holding, soldAt: timestamp, kind, method, flags: flags.length === 0 ? NO_FLAGS : flags, sequence };
}

/** A gain row of `disposal` as the files read it: its money as Decimals, its gain worked out. */
export function gainRowOf(
  disposal: Disposal,
  lotId: string | null,
  acquiredAt: number | null,
  quantity: bigint,
  proceeds: Money | null,
  sellingCosts: Money | null,
  cost: Money | null,
  term: GainRow['term'],
  flag: RowFlag,
): GainRow {
  const { holding } = disposal;
  const extra = EXTRA_FLAGS[flag];
  return {
    entryId: disposal.entryId,
    lotId,
    txHash: disposal.txHash,
    chainId: holding.chainId,
    wallet: holding.wallet,
    asset: holding.asset,
    assetContract: holding.assetContract,
    quantity,
    decimals: holding.decimals,
    acquiredAt,
    soldAt: disposal.soldAt,
    proceeds: proceeds === null ? null : toDecimal(proceeds),
    sellingCosts: sellingCosts === null ? null : toDecimal(sellingCosts),
    costBasis: cost === null ? null : toDecimal(cost),
    gain: proceeds === null || sellingCosts === null || cost === null ? null : toDecimal(proceeds - sellingCosts - cost),
    term,
    kind: disposal.kind,
    method: disposal.method,
    flags: extra === null ? disposal.flags : [...disposal.flags, extra],
  };
}

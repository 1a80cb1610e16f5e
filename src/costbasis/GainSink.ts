import type { DisposeEvent, Holding } from './BasisEvent.js';
import type { DisposalKind } from './BasisEvent.js';
import type { GainRow } from './BasisReport.js';
import type { BasisMethod } from './CostBasisSettings.js';
import type { Decimal } from '../ledger/money.js';
import { type Money, toDecimal, toMoney } from './scaledMoney.js';

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

/** A gain row's money as the replay keeps it (exact `Money`), `null` where unknown. */
export interface GainMoney {
  proceeds: Money | null;
  sellingCosts: Money | null;
  costBasis: Money | null;
  gain: Money | null;
}

/**
 * A gain row of `disposal` as the files read it, its gain worked out. Its money stays the replay's `Money` (`exact`);
 * the Decimals of `GainRow` are made when first read: `gains.csv`, its summary and totals read `exact`, and a row
 * made as a Decimal four times over was most of what a row cost (and of the collector's work).
 */
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
  const extra = EXTRA_FLAGS[flag];
  const gain = proceeds === null || sellingCosts === null || cost === null ? null : proceeds - sellingCosts - cost;
  const flags = extra === null ? disposal.flags : [...disposal.flags, extra];
  return new ReplayGainRow(disposal, lotId, acquiredAt, quantity, { proceeds, sellingCosts, costBasis: cost, gain }, term, flags);
}

/** A row's money as `Money`: the replay's own for a row it made, else read from the row's Decimals (a row made elsewhere). */
export function gainMoney(row: GainRow): GainMoney {
  if (row instanceof ReplayGainRow) return row.exact;
  const money = (value: Decimal | null): Money | null => (value === null ? null : toMoney(value));
  return { proceeds: money(row.proceeds), sellingCosts: money(row.sellingCosts), costBasis: money(row.costBasis), gain: money(row.gain) };
}

const decimalOf = (money: Money | null): Decimal | null => (money === null ? null : toDecimal(money));

class ReplayGainRow implements GainRow {
  readonly entryId: string;
  readonly txHash: string;
  readonly chainId: number;
  readonly wallet: string;
  readonly asset: string;
  readonly assetContract: string;
  readonly decimals: number;
  readonly soldAt: number;
  readonly kind: DisposalKind;
  readonly method: BasisMethod;
  private decimalMoney: (Decimal | null)[] | null = null;

  constructor(
    disposal: Disposal,
    readonly lotId: string | null,
    readonly acquiredAt: number | null,
    readonly quantity: bigint,
    readonly exact: GainMoney,
    readonly term: GainRow['term'],
    readonly flags: readonly string[],
  ) {
    const { holding } = disposal;
    this.entryId = disposal.entryId;
    this.txHash = disposal.txHash;
    this.chainId = holding.chainId;
    this.wallet = holding.wallet;
    this.asset = holding.asset;
    this.assetContract = holding.assetContract;
    this.decimals = holding.decimals;
    this.soldAt = disposal.soldAt;
    this.kind = disposal.kind;
    this.method = disposal.method;
  }

  get proceeds(): Decimal | null {
    return this.asDecimals()[0] ?? null;
  }

  get sellingCosts(): Decimal | null {
    return this.asDecimals()[1] ?? null;
  }

  get costBasis(): Decimal | null {
    return this.asDecimals()[2] ?? null;
  }

  get gain(): Decimal | null {
    return this.asDecimals()[3] ?? null;
  }

  private asDecimals(): (Decimal | null)[] {
    const { proceeds, sellingCosts, costBasis, gain } = this.exact;
    this.decimalMoney ??= [decimalOf(proceeds), decimalOf(sellingCosts), decimalOf(costBasis), decimalOf(gain)];
    return this.decimalMoney;
  }
}

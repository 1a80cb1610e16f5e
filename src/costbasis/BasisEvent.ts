import type { Decimal } from '../ledger/money.js';
import type { Money } from './scaledMoney.js';

/** What kind of disposal a gain row comes from. */
export type DisposalKind = 'fee' | 'trade' | 'payment' | 'cost' | 'transfer' | 'other';

/** Which holding an event touches: one wallet's asset (the scope decides whether the wallet picks the pool). */
export interface Holding {
  wallet: string;
  chainId: number;
  asset: string;
  /** Lowercase, '' for the native coin. */
  assetContract: string;
  decimals: number;
}

/** What every event carries: the leg it is reported under, its time and its phase inside the transaction. */
interface EventBase {
  /** 0 fees, 1 disposals and removals, 2 moves, 3 acquisitions. */
  phase: 0 | 1 | 2 | 3;
  /** The reported leg (a netted trade's first row of that asset and side). */
  entryId: string;
  /** That leg's order inside the transaction: events of one phase run in row order. */
  order: number;
  txHash: string;
  timestamp: number;
  holding: Holding;
  /** Base units, > 0. */
  quantity: bigint;
  /** Issue names that touch the event's rows; lists are shared between events (`eventFlags.ts`), never changed in place. */
  flags: readonly string[];
}

/** Lots leave for proceeds: a gain. */
export interface DisposeEvent extends EventBase {
  type: 'dispose';
  kind: DisposalKind;
  proceeds: Money | null;
  sellingCosts: Money | null;
}

/** Lots leave without a gain (gift, donation, loss, unclassified out). */
export interface RemoveEvent extends EventBase {
  type: 'remove';
  kind: string;
}

/**
 * Lots leave `holding` and arrive in `target` with id, time and cost kept; `targetQuantity` in the target's base
 * units (a wrap's two sides may differ). A bridge's out-leg sends them in transit to its in-leg (`transitTo`).
 */
export interface MoveEvent extends EventBase {
  type: 'move';
  target: { holding: Holding; quantity: bigint } | { transitTo: string };
}

/** A bridge's in-leg: the lots its out-leg (`transitFrom`) sent arrive now in `holding`. */
export interface ArriveEvent extends EventBase {
  type: 'arrive';
  transitFrom: string;
}

/** A lot enters at `cost`; `income` also writes an income row at the leg's value. */
export interface AcquireEvent extends EventBase {
  type: 'acquire';
  cost: Money | null;
  income?: { category: string; price: Decimal | null; priceSource: string; value: Decimal | null };
}

export type BasisEvent = DisposeEvent | RemoveEvent | MoveEvent | ArriveEvent | AcquireEvent;

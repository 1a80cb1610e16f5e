import type { BasisMethod } from './CostBasisSettings.js';
import type { Lot, LotPiece } from './Lot.js';

/** Why lots leave: a disposal (a gain), a removal (gift, loss: no gain) or a move (to another pool, basis kept). */
export type TakePurpose = 'disposal' | 'removal' | 'move';

/** A request for `quantity` base units out of a pool at `at` (unix seconds); `ref` is the caller's, handed back. */
export interface TakeRequest<Ref = unknown> {
  purpose: TakePurpose;
  at: number;
  quantity: bigint;
  ref: Ref;
}

/**
 * What a pool answers a request with: the pieces in the method's order, and `short`, the base units the pool could not
 * cover (a disposal larger than the pool: `missing_acquisition`). A `move` and a `removal` are answered at once by
 * every method; a `disposal` under `uk` when its matching is settled (same day, the next 30 days, then the pool).
 */
export type TakeAnswer<Ref = unknown> = (request: TakeRequest<Ref>, pieces: readonly LotPiece[], short: bigint) => void;

/** One pool of one asset (of one wallet under the `wallet` scope), its lots leaving by `method`. */
export interface Pool<Ref = unknown> {
  readonly method: BasisMethod;
  /** A lot enters (a moved lot keeps its id, acquisition time and cost). */
  acquire(lot: Lot): void;
  /** Lots leave for `request`; the answer goes to the pool's `TakeAnswer`. */
  take(request: TakeRequest<Ref>): void;
  /** Nothing earlier than `time` will come: a `uk` pool settles the disposals whose matching window has closed. */
  advance(time: number): void;
  /** Every pending answer given (end of the replay). */
  settle(): void;
  /** What is open now, in the order the method would take it; under `average` one piece without id or time. */
  open(): readonly LotPiece[];
  /** Base units held now (after the answered requests). */
  quantity(): bigint;
}

/** Makes a pool of `method` whose answers go to `answer`. */
export type PoolFactory = <Ref>(method: BasisMethod, answer: TakeAnswer<Ref>) => Pool<Ref>;

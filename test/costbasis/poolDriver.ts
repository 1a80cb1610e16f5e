import { Decimal } from '../../src/ledger/money.js';
import type { BasisMethod } from '../../src/costbasis/CostBasisSettings.js';
import type { LotPiece } from '../../src/costbasis/Lot.js';
import { makePool } from '../../src/costbasis/makePool.js';
import { toDecimal, toMoney } from '../../src/costbasis/scaledMoney.js';
import type { Pool, TakePurpose } from '../../src/costbasis/Pool.js';

/** One step of a pool's history: a lot in (`cost` null: unknown), or a request out. */
export type PoolEvent =
  | { lot: string; at: number; quantity: bigint; cost: number | string | null }
  | { take: string; at: number; quantity: bigint; purpose?: TakePurpose };

export interface Answer {
  ref: string;
  purpose: TakePurpose;
  pieces: readonly LotPiece[];
  short: bigint;
}

/** Unix seconds of a UTC date-time (`2024-06-01` or `2024-06-01T12:00:00Z`). */
export const at = (iso: string): number => Date.parse(iso.length === 10 ? `${iso}T12:00:00Z` : iso) / 1000;

/** Feeds `events` in order to a fresh pool of `method`, settles it, and returns the answers (by ref) and the pool. */
export function runPool(method: BasisMethod, events: readonly PoolEvent[]): { answers: Map<string, Answer>; pool: Pool<string> } {
  const answers = new Map<string, Answer>();
  const pool = makePool<string>(method, (request, pieces, short) => {
    if (answers.has(request.ref)) throw new Error(`${request.ref} answered twice`);
    answers.set(request.ref, { ref: request.ref, purpose: request.purpose, pieces, short });
  });
  for (const event of events) {
    pool.advance(event.at);
    if ('lot' in event) {
      pool.acquire({
        lotId: event.lot,
        acquiredAt: event.at,
        quantity: event.quantity,
        cost: event.cost === null ? null : toMoney(new Decimal(event.cost)),
      });
    } else {
      pool.take({ purpose: event.purpose ?? 'disposal', at: event.at, quantity: event.quantity, ref: event.take });
    }
  }
  pool.settle();
  return { answers, pool };
}

/** A piece as `lot quantity @ cost` (cost to 2 places; `?` unknown; `pool` for a piece without a lot). */
export const describePiece = (piece: LotPiece): string =>
  `${piece.lotId ?? 'pool'} ${piece.quantity} @ ${piece.cost === null ? '?' : toDecimal(piece.cost).toDecimalPlaces(2).toFixed()}`;

/** The exact total cost of pieces; `null` if one is unknown. */
export function costOf(pieces: readonly LotPiece[]): Decimal | null {
  let total = new Decimal(0);
  for (const piece of pieces) {
    if (piece.cost === null) return null;
    total = total.plus(toDecimal(piece.cost));
  }
  return total;
}

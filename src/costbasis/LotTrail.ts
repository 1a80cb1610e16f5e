import type { Holding, MoveEvent, RemoveEvent } from './BasisEvent.js';
import type { LotPiece } from './Lot.js';

/** Lots of one holding: held at the period's start, or owed then to a disposal before it (`owed`, to be taken out). */
export interface TrailLots {
  holding: Holding;
  pieces: readonly LotPiece[];
  owed: boolean;
}

/** The lots a removal took (no gain): `short` base units it could not cover. */
export interface TrailRemoval {
  entryId: string;
  txHash: string;
  timestamp: number;
  kind: string;
  holding: Holding;
  pieces: readonly LotPiece[];
  short: bigint;
}

/**
 * The lots a move took from `holding` and what arrived in `target` (its units, ids, times and costs kept; the part the
 * source could not cover arrives of unknown cost); a bridge's arrival may come later (`arrivedAt`), and its departure
 * before the period (`departedBefore`: its lots arrive among the period's opening lots).
 */
export interface TrailMove {
  entryId: string;
  txHash: string;
  timestamp: number;
  arrivedAt: number;
  departedBefore: boolean;
  holding: Holding;
  pieces: readonly LotPiece[];
  target: Holding;
  arrived: readonly LotPiece[];
}

/**
 * What the journals with lots need beyond the gain rows, recorded by the replay: the lots open at the period's start,
 * and the period's removals and moves with the lots they took. Gains and acquisitions are the report's and the legs'.
 */
export class LotTrail {
  readonly opening: TrailLots[] = [];
  readonly removals: TrailRemoval[] = [];
  readonly moves: TrailMove[] = [];
  /** Whether the opening lots are taken: a disposal before the period answered after it still owes them. */
  started = false;
  /**
   * Whether the history ended before the period did: then the pools were settled before its end was counted (no
   * later acquisition can come), so a uk disposal still in its 30 days was answered within the period.
   */
  settledBeforeEnd = false;

  removed(event: RemoveEvent, pieces: readonly LotPiece[], short: bigint): void {
    const { entryId, txHash, timestamp, kind, holding } = event;
    this.removals.push({ entryId, txHash, timestamp, kind, holding, pieces, short });
  }

  moved(
    event: MoveEvent,
    pieces: readonly LotPiece[],
    arrival: { holding: Holding; timestamp: number; pieces: readonly LotPiece[] },
    departedBefore: boolean,
  ): void {
    const { entryId, txHash, timestamp, holding } = event;
    const target = arrival.holding;
    this.moves.push({
      entryId,
      txHash,
      timestamp,
      arrivedAt: arrival.timestamp,
      departedBefore,
      holding,
      pieces,
      target,
      arrived: arrival.pieces,
    });
  }
}

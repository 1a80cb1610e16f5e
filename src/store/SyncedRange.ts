import { LedgerscanError } from '../errors/LedgerscanError.js';

/** Blocks [fromBlock, toBlock] of one (chain, wallet, stream) are stored completely, without gaps. */
export interface SyncedRange {
  fromBlock: number;
  toBlock: number;
  /** A downward extension in progress: blocks [from, to] below the range, stored completely. */
  backfill: { fromBlock: number; toBlock: number } | null;
}

/**
 * The range after blocks [fromBlock, toBlock] were stored completely. A span below the range that
 * does not reach it yet grows the backfill segment; a span that would leave a gap above the range
 * is a bug in the caller, so it throws and the page's transaction rolls back.
 */
export function extendRange(range: SyncedRange | null, fromBlock: number, toBlock: number): SyncedRange {
  if (range === null) return { fromBlock, toBlock, backfill: null };
  if (fromBlock > range.toBlock + 1) {
    throw new LedgerscanError('page would leave a gap in the synced range', {
      details: { synced: `${range.fromBlock}-${range.toBlock}`, page: `${fromBlock}-${toBlock}` },
    });
  }
  if (toBlock >= range.fromBlock - 1) {
    return joinBackfill({
      fromBlock: Math.min(fromBlock, range.fromBlock),
      toBlock: Math.max(toBlock, range.toBlock),
      backfill: range.backfill,
    });
  }
  const backfill = range.backfill;
  const touches = backfill !== null && fromBlock <= backfill.toBlock + 1 && toBlock >= backfill.fromBlock - 1;
  const segment = touches
    ? { fromBlock: Math.min(fromBlock, backfill.fromBlock), toBlock: Math.max(toBlock, backfill.toBlock) }
    : { fromBlock, toBlock };
  return joinBackfill({ ...range, backfill: segment });
}

function joinBackfill(range: SyncedRange): SyncedRange {
  const backfill = range.backfill;
  if (backfill === null || backfill.toBlock < range.fromBlock - 1) return range;
  return { fromBlock: Math.min(backfill.fromBlock, range.fromBlock), toBlock: Math.max(backfill.toBlock, range.toBlock), backfill: null };
}

import type { SyncedRange } from '../store/SyncedRange.js';

/**
 * The block spans to fetch so that [startBlock, endBlock] is synced while the key's range stays
 * one gap-free interval: below the range (resuming a backfill that already covers the start),
 * then above it. Blocks inside the range are never fetched again.
 */
export function spansToFetch(range: SyncedRange | null, startBlock: number, endBlock: number): [number, number][] {
  if (startBlock > endBlock) return [];
  if (range === null) return [[startBlock, endBlock]];
  const spans: [number, number][] = [];
  if (startBlock < range.fromBlock) {
    const backfill = range.backfill;
    const from = backfill !== null && backfill.fromBlock <= startBlock ? backfill.toBlock + 1 : startBlock;
    spans.push([from, range.fromBlock - 1]);
  }
  if (endBlock > range.toBlock) spans.push([range.toBlock + 1, endBlock]);
  return spans;
}

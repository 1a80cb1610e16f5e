/** A source's price record for one bucket: a plain decimal in the asked currency, and its own time. */
export interface SourceRecord {
  price: string;
  time: number;
  confidence: number | null;
}

/** What a series of one asset needs from a source: the buckets (unix s) not in the cache. */
export interface SeriesAsk {
  chainId: number;
  asset: string;
  buckets: readonly number[];
}

/**
 * A source's answer for one bucket. `not found` is cached; `not found here` (outside the key's plan window) is
 * not, since another key may find it; rate-limited and failed answers are never cached.
 */
export type BucketOutcome = SourceRecord | 'not found' | 'not found here' | 'rate-limited' | 'source failed';

export interface BucketResult {
  chainId: number;
  asset: string;
  bucket: number;
  outcome: BucketOutcome;
}

/** Receives each call's results as it arrives, so they are stored before the next call (a killed run resumes). */
export type Emit = (results: readonly BucketResult[]) => void;

/** Every bucket of the asks with one outcome (a batch that failed or was rate-limited as a whole). */
export function allBuckets(asks: readonly SeriesAsk[], outcome: BucketOutcome): BucketResult[] {
  return asks.flatMap((ask) => ask.buckets.map((bucket) => ({ chainId: ask.chainId, asset: ask.asset, bucket, outcome })));
}

/** The record nearest to the bucket within `tolerance` seconds of it, or `not found`. */
export function nearestRecord(records: readonly SourceRecord[], bucket: number, tolerance: number): SourceRecord | 'not found' {
  let best: SourceRecord | undefined;
  for (const record of records) {
    const distance = Math.abs(record.time - bucket);
    if (distance <= tolerance && (best === undefined || distance < Math.abs(best.time - bucket))) best = record;
  }
  return best ?? 'not found';
}

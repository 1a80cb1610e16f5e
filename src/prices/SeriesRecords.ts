import { HOUR } from './buckets.js';
import { countAtOrBefore } from './lastAtOrBefore.js';
import type { PriceRecord } from './PriceRecord.js';

/**
 * A bucket (hour or day, in unix seconds) as hours since 1970: a small integer, which an array of keys holds
 * unboxed and compares as one, where a time in seconds above 2^30 is a heap number.
 */
export function hours(bucket: number): number {
  // An integer (buckets are whole hours or days) the compiler then knows to be small.
  return (bucket / HOUR) | 0;
}

/**
 * One series' records by bucket, in ascending bucket order, column by column: what an answer needs of each record
 * and no object per record. A million-row valued export reads 174,000 records in month-long windows, and each
 * window outlives the young generation: a slot object per record and a `Map` grown entry by entry to hold them put
 * ≈ 30 MB into the old generation to die there. Rows ask in ascending time, so a lookup starts at the last one's place.
 * Records are keyed by `hours` of their bucket.
 */
export class SeriesRecords {
  /** `hours` of each record's bucket. */
  private keys: number[] = [];
  private prices: (string | null)[] = [];
  /** NaN where the record has none. */
  private times: number[] = [];
  /** NaN where the record has none. */
  private confidences: number[] = [];
  private currencies: string[] = [];
  /** Where the last lookup ended. */
  private at = 0;

  /** Holds these records alone from now on. */
  replace(records: readonly PriceRecord[]): void {
    if (ascending(records)) {
      // A window as the cache gives it, in bucket order: each column made at its length at once.
      this.keys = records.map((record) => hours(record.bucket));
      this.prices = records.map((record) => record.price);
      this.times = records.map((record) => record.time ?? Number.NaN);
      this.confidences = records.map((record) => record.confidence ?? Number.NaN);
      this.currencies = records.map((record) => record.currency);
      return;
    }
    this.keys = [];
    this.prices = [];
    this.times = [];
    this.confidences = [];
    this.currencies = [];
    this.put(records);
  }

  /**
   * Adds the records one by one, as a map by bucket would: one for a bucket already held replaces it. A record
   * after all held (a source's answers mostly come in time order) is appended; one among them is inserted.
   */
  put(records: readonly PriceRecord[]): void {
    for (const record of records) {
      const key = hours(record.bucket);
      const keys = this.keys;
      const at = keys.length === 0 || (keys[keys.length - 1] as number) < key ? keys.length : countAtOrBefore(keys, key - 1, itself);
      const time = record.time ?? Number.NaN;
      const confidence = record.confidence ?? Number.NaN;
      if (keys[at] === key) {
        this.prices[at] = record.price;
        this.times[at] = time;
        this.confidences[at] = confidence;
        this.currencies[at] = record.currency;
      } else {
        keys.splice(at, 0, key);
        this.prices.splice(at, 0, record.price);
        this.times.splice(at, 0, time);
        this.confidences.splice(at, 0, confidence);
        this.currencies.splice(at, 0, record.currency);
      }
    }
  }

  /** The index of the record whose bucket's `hours` are `key`, or -1. */
  find(key: number): number {
    const keys = this.keys;
    let at = this.at < keys.length ? this.at : 0;
    // Rows ask in ascending time: the record asked for is this one or one of the next few.
    if ((keys[at] as number) > key) at = 0;
    for (let steps = 0; at < keys.length && (keys[at] as number) < key && steps < 8; steps += 1) at += 1;
    if (at < keys.length && (keys[at] as number) < key) at = Math.max(0, countAtOrBefore(keys, key, itself) - 1);
    this.at = at;
    return keys[at] === key ? at : -1;
  }

  price(index: number): string | null {
    return this.prices[index] as string | null;
  }

  time(index: number): number | null {
    const time = this.times[index] as number;
    return Number.isNaN(time) ? null : time;
  }

  confidence(index: number): number | null {
    const confidence = this.confidences[index] as number;
    return Number.isNaN(confidence) ? null : confidence;
  }

  currency(index: number): string {
    return this.currencies[index] as string;
  }
}

/** A key is its own sort key (`countAtOrBefore`'s), one function for every search. */
function itself(key: number): number {
  return key;
}

function ascending(records: readonly PriceRecord[]): boolean {
  for (let i = 1; i < records.length; i += 1)
    if (hours((records[i] as PriceRecord).bucket) <= hours((records[i - 1] as PriceRecord).bucket)) return false;
  return true;
}

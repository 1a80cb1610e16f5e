import { HOUR } from './buckets.js';
import { countAtOrBefore } from './lastAtOrBefore.js';
import type { PriceRecord } from './PriceRecord.js';

/**
 * A bucket (hour or day, in unix seconds) as hours since 1970: a small integer, which V8 keeps unboxed, where a
 * time in seconds above 2^30 is a heap number (allocated, and hashed as a double as a map key).
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
    this.keys = [];
    this.prices = [];
    this.times = [];
    this.confidences = [];
    this.currencies = [];
    this.put(records);
  }

  /** Adds the records; one for a bucket already held replaces it, as a later one in `records` does an earlier one. */
  put(records: readonly PriceRecord[]): void {
    if (records.length === 0) return;
    const last = this.keys.length === 0 ? -Infinity : (this.keys[this.keys.length - 1] as number);
    if (ascendingAfter(records, last)) {
      // As a window or a source's answer comes: appended whole, each column made at its length at once.
      const append = <T>(column: T[], values: T[]): T[] => (column.length === 0 ? values : column.concat(values));
      this.keys = append(this.keys, records.map((record) => hours(record.bucket)));
      this.prices = append(this.prices, records.map((record) => record.price));
      this.times = append(this.times, records.map((record) => record.time ?? Number.NaN));
      this.confidences = append(this.confidences, records.map((record) => record.confidence ?? Number.NaN));
      this.currencies = append(this.currencies, records.map((record) => record.currency));
      return;
    }
    this.merge(records);
  }

  /** The index of the record whose bucket's `hours` are `key`, or -1. */
  find(key: number): number {
    const keys = this.keys;
    let at = this.at < keys.length ? this.at : 0;
    // Rows ask in ascending time: the record asked for is this one or one of the next few.
    if ((keys[at] as number) > key) at = 0;
    for (let steps = 0; at < keys.length && (keys[at] as number) < key && steps < 8; steps += 1) at += 1;
    if (at < keys.length && (keys[at] as number) < key) at = Math.max(0, countAtOrBefore(keys, key, (each) => each) - 1);
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

  /** Records out of order or among those held: every record by key, the later of two for one key, the columns rebuilt in order. */
  private merge(records: readonly PriceRecord[]): void {
    type Row = [key: number, price: string | null, time: number, confidence: number, currency: string];
    const byKey = new Map<number, Row>();
    this.keys.forEach((key, i) => byKey.set(key, [key, this.prices[i] as string | null, this.times[i] as number, this.confidences[i] as number, this.currencies[i] as string]));
    for (const record of records) {
      const key = hours(record.bucket);
      byKey.set(key, [key, record.price, record.time ?? Number.NaN, record.confidence ?? Number.NaN, record.currency]);
    }
    const rows = [...byKey.values()].sort((a, b) => a[0] - b[0]);
    this.keys = rows.map((row) => row[0]);
    this.prices = rows.map((row) => row[1]);
    this.times = rows.map((row) => row[2]);
    this.confidences = rows.map((row) => row[3]);
    this.currencies = rows.map((row) => row[4]);
  }
}

function ascendingAfter(records: readonly PriceRecord[], last: number): boolean {
  let previous = last;
  for (const record of records) {
    const key = hours(record.bucket);
    if (key <= previous) return false;
    previous = key;
  }
  return true;
}

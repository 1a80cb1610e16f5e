import type { RecordAnswer } from './RecordAnswer.js';
import { SeriesRecords } from './SeriesRecords.js';

/**
 * One series of a `PriceBook` as its lookups keep it: the records, the range of buckets (`hours`) lookups used
 * (kept when the records are replaced), the last bucket looked up (its `hours` and index), and the last record a
 * row used (its index) with its answer, so the rows on one record share its digits worked out once.
 */
export class SeriesSlots {
  readonly records = new SeriesRecords();
  private firstUsed = Infinity;
  private lastUsed = -Infinity;
  lastHour = Number.NaN;
  lastIndex = -1;
  foundIndex = -1;
  lastFound: RecordAnswer | undefined = undefined;

  /** The records changed: the last bucket and record found, and the answer, are stale (indexes moved). */
  changed(): void {
    this.lastHour = Number.NaN;
    this.lastIndex = -1;
    this.foundIndex = -1;
    this.lastFound = undefined;
  }

  /**
   * Whether a bucket (`hours`) is one no lookup had used yet: exact when the series is asked in ascending time,
   * then at most at times before or after all others.
   */
  use(hour: number): boolean {
    if (hour > this.lastUsed) {
      this.firstUsed = Math.min(this.firstUsed, hour);
      this.lastUsed = hour;
      return true;
    }
    if (hour < this.firstUsed) {
      this.firstUsed = hour;
      return true;
    }
    return false;
  }
}

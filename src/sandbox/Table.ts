/** Column storage: unsigned 32-bit integers, or float64 for wei quantities that exceed 2^32 (exact below 2^53). */
export type ColumnKind = 'u32' | 'f64';

/** Marks an absent address or contract in a u32 column. */
export const NONE = 0xffff_ffff;

/**
 * A growable columnar table of numbers. A million generated records as JS objects would cost
 * hundreds of megabytes; as typed-array columns they cost a few dozen.
 */
export class Table<K extends string> {
  private columns: Record<K, Uint32Array | Float64Array>;
  private readonly keys: readonly K[];
  private size = 0;
  private capacity = 1024;

  constructor(private readonly kinds: Readonly<Record<K, ColumnKind>>) {
    this.keys = Object.keys(kinds) as K[];
    this.columns = this.allocate(this.capacity);
  }

  get length(): number {
    return this.size;
  }

  /** Appends a row and returns its index. */
  push(row: Readonly<Record<K, number>>): number {
    if (this.size === this.capacity) this.grow();
    for (const key of this.keys) this.columns[key][this.size] = row[key];
    return this.size++;
  }

  get(column: K, index: number): number {
    return this.columns[column][index]!;
  }

  set(column: K, index: number, value: number): void {
    this.columns[column][index] = value;
  }

  /** First index whose `column` value is ≥ `value`, for a column sorted ascending. */
  lowerBound(column: K, value: number): number {
    const data = this.columns[column];
    let low = 0;
    let high = this.size;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (data[mid]! < value) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  private grow(): void {
    this.capacity *= 2;
    const next = this.allocate(this.capacity);
    for (const key of this.keys) next[key].set(this.columns[key].subarray(0, this.size));
    this.columns = next;
  }

  private allocate(capacity: number): Record<K, Uint32Array | Float64Array> {
    const columns = {} as Record<K, Uint32Array | Float64Array>;
    for (const [key, kind] of Object.entries(this.kinds) as [K, ColumnKind][]) {
      columns[key] = kind === 'u32' ? new Uint32Array(capacity) : new Float64Array(capacity);
    }
    return columns;
  }
}

import type { DisposeEvent } from './BasisEvent.js';
import type { GainRow, GainRowList } from './BasisReport.js';
import type { BasisMethod } from './CostBasisSettings.js';
import { type Disposal, disposalOf, type GainSink, gainRowOf, type RowFlag } from './GainSink.js';
import type { Money } from './scaledMoney.js';

const TERMS = [null, 'short', 'long'] as const;

/**
 * The period's gain rows, kept compact: money as the replay's bigints, numbers in typed arrays, what a disposal's rows
 * share once per disposal; a `GainRow` (its money as Decimals, its gain worked out) is made when it is read. A row
 * object with four Decimals was ≈ 0.9 KB and the report's rows most of a replay's memory; making them was a third of
 * its time.
 */
export class GainRows implements GainRowList, GainSink {
  private count = 0;
  private disposals: Disposal[] = [];
  private disposalOf = new Int32Array(1024);
  /** NaN: no acquisition time (under `average`, or the part without a lot). */
  private acquiredAt = new Float64Array(1024);
  /** The term (index in `TERMS`) times 4 plus the row's own flag (`RowFlag`). */
  private termAndFlag = new Uint8Array(1024);
  private lotIds: (string | null)[] = [];
  private quantities: bigint[] = [];
  private proceeds: (Money | null)[] = [];
  private sellingCosts: (Money | null)[] = [];
  private costs: (Money | null)[] = [];
  private late = false;

  get length(): number {
    return this.count;
  }

  /** A disposal whose rows follow (`add`), in the order they are answered. */
  startDisposal(event: DisposeEvent, method: BasisMethod, sequence: number): void {
    const last = this.disposals.at(-1);
    if (last !== undefined && sequence < last.sequence) this.late = true;
    this.disposals.push(disposalOf(event, method, sequence));
  }

  /** A row of the disposal started last. */
  add(
    lotId: string | null,
    acquiredAt: number | null,
    quantity: bigint,
    proceeds: Money | null,
    sellingCosts: Money | null,
    cost: Money | null,
    term: GainRow['term'],
    flag: RowFlag,
  ): void {
    const index = this.count++;
    if (index === this.disposalOf.length) this.grow(index * 2);
    this.disposalOf[index] = this.disposals.length - 1;
    this.acquiredAt[index] = acquiredAt ?? Number.NaN;
    this.termAndFlag[index] = (term === null ? 0 : term === 'short' ? 4 : 8) + flag;
    this.lotIds.push(lotId);
    this.quantities.push(quantity);
    this.proceeds.push(proceeds);
    this.sellingCosts.push(sellingCosts);
    this.costs.push(cost);
  }

  /** Kept, the rows wait for `finish`. */
  answered(): void {}

  /** The rows in the order their disposals ran (only `uk` answers out of order), each disposal's rows as they came. */
  finish(): void {
    if (!this.late) return;
    this.late = false;
    // Each disposal's rows are together: its first row, and the next disposal's.
    const starts = new Int32Array(this.disposals.length + 1);
    for (let index = this.count - 1; index >= 0; index -= 1) starts[this.disposalOf[index] as number] = index;
    starts[this.disposals.length] = this.count;
    const order = this.disposals.map((_, index) => index).sort((a, b) => this.sequenceAt(a) - this.sequenceAt(b) || a - b);
    const rows: number[] = [];
    for (const disposal of order)
      for (let row = starts[disposal] as number; row < (starts[disposal + 1] as number); row += 1) rows.push(row);
    const disposalOf = new Int32Array(this.disposalOf.length);
    const renumbered = new Int32Array(this.disposals.length);
    order.forEach((disposal, index) => (renumbered[disposal] = index));
    rows.forEach((row, index) => (disposalOf[index] = renumbered[this.disposalOf[row] as number] as number));
    this.disposalOf = disposalOf;
    this.acquiredAt = Float64Array.from(rows, (row) => this.acquiredAt[row] as number);
    this.termAndFlag = Uint8Array.from(rows, (row) => this.termAndFlag[row] as number);
    this.lotIds = rows.map((row) => this.lotIds[row] as string | null);
    this.quantities = rows.map((row) => this.quantities[row] as bigint);
    this.proceeds = rows.map((row) => this.proceeds[row] as Money | null);
    this.sellingCosts = rows.map((row) => this.sellingCosts[row] as Money | null);
    this.costs = rows.map((row) => this.costs[row] as Money | null);
    this.disposals = order.map((disposal) => this.disposals[disposal] as Disposal);
  }

  *[Symbol.iterator](): Iterator<GainRow> {
    for (let index = 0; index < this.count; index += 1) yield this.row(index);
  }

  /** Row `index` as a `GainRow`, made now. */
  row(index: number): GainRow {
    const acquiredAt = this.acquiredAt[index] as number;
    const termAndFlag = this.termAndFlag[index] as number;
    return gainRowOf(
      this.disposals[this.disposalOf[index] as number] as Disposal,
      this.lotIds[index] as string | null,
      Number.isNaN(acquiredAt) ? null : acquiredAt,
      this.quantities[index] as bigint,
      this.proceeds[index] as Money | null,
      this.sellingCosts[index] as Money | null,
      this.costs[index] as Money | null,
      TERMS[termAndFlag >> 2] ?? null,
      (termAndFlag & 3) as RowFlag,
    );
  }

  private sequenceAt(disposal: number): number {
    return (this.disposals[disposal] as Disposal).sequence;
  }

  private grow(size: number): void {
    const grown = <T extends Int32Array | Float64Array | Uint8Array>(from: T, make: (length: number) => T): T => {
      const to = make(size);
      to.set(from);
      return to;
    };
    this.disposalOf = grown(this.disposalOf, (length) => new Int32Array(length));
    this.acquiredAt = grown(this.acquiredAt, (length) => new Float64Array(length));
    this.termAndFlag = grown(this.termAndFlag, (length) => new Uint8Array(length));
  }
}

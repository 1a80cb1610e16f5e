import type { DisposeEvent } from './BasisEvent.js';
import type { GainRow } from './BasisReport.js';
import type { BasisMethod } from './CostBasisSettings.js';
import { type Disposal, disposalOf, type GainSink, gainRowOf, type RowFlag } from './GainSink.js';
import { Heap } from './Heap.js';
import type { Money } from './scaledMoney.js';

/** Fed each gain row once, in `gains.csv`'s order. */
export type GainListener = (row: GainRow) => void;

/** A disposal answered, its rows made, waiting for the disposals that ran before it. */
interface Answered {
  sequence: number;
  rows: GainRow[];
}

/**
 * The period's gain rows handed to listeners as they are made, none kept: a replay's memory stays the open lots, not
 * its rows. Each disposal's rows go on once every disposal that ran before it is answered, so they come in the order
 * the disposals ran (only a `uk` disposal, matched up to 30 days later, holds back the ones after it).
 */
export class GainStream implements GainSink {
  private count = 0;
  private disposal: Disposal | null = null;
  /** Every disposal that ran before this sequence has been answered (the last `answered`). */
  private through = 0;
  /** The disposal started last goes on as its rows are made: every one before it is answered and handed on. */
  private direct = false;
  private rows: GainRow[] = [];
  /**
   * The disposals answered but not handed on, earliest first: under `uk` hundreds wait for their 30 days, and a scan
   * of them all per answer was most of what the stream cost.
   */
  private readonly waiting = new Heap<Answered>((a, b) => a.sequence - b.sequence);

  constructor(private readonly listeners: readonly GainListener[]) {}

  get length(): number {
    return this.count;
  }

  startDisposal(event: DisposeEvent, method: BasisMethod, sequence: number): void {
    this.close();
    this.disposal = disposalOf(event, method, sequence);
    // Whatever waits was answered after an earlier unanswered one, so it ran after this one: nothing waits before it.
    this.direct = sequence <= this.through;
    if (!this.direct) this.rows = [];
  }

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
    this.count += 1;
    const row = gainRowOf(this.disposal as Disposal, lotId, acquiredAt, quantity, proceeds, sellingCosts, cost, term, flag);
    if (!this.direct) return void this.rows.push(row);
    for (const listener of this.listeners) listener(row);
  }

  answered(sequence: number): void {
    this.through = sequence;
    this.close();
    for (let first = this.waiting.peek(); first !== undefined && first.sequence < sequence; first = this.waiting.peek()) {
      this.waiting.pop();
      this.hand(first.rows);
    }
  }

  private hand(rows: readonly GainRow[]): void {
    for (const row of rows) for (const listener of this.listeners) listener(row);
  }

  /** The disposal started last has all its rows: they wait unless they went on as made. */
  private close(): void {
    if (this.disposal === null) return;
    if (!this.direct) this.waiting.push({ sequence: this.disposal.sequence, rows: this.rows });
    this.disposal = null;
  }
}

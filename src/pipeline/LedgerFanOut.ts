import type { LedgerEntry } from '../ledger/LedgerEntry.js';

/**
 * How far (in entries) a branch may run ahead of the slowest before `pace` holds it: what the others keep buffered.
 * A step of a branch (a batch of rows, a journal transaction) may take it past this by what the step reads.
 */
const FAN_WINDOW = 2_000;

/** A branch's entries read from the source and not yet taken by it. */
interface Branch {
  queue: LedgerEntry[];
  head: number;
  taken: number;
  open: boolean;
}

/**
 * One read of the ledger shared by several consumers (the export's templates), each walking it whole, in order, at
 * its own pace on this thread: an entry read for one branch is kept for the others until they take it. A branch
 * awaits `pace` between its steps, so none runs more than `FAN_WINDOW` entries ahead of the slowest and what is kept
 * stays bounded. The entries are the same objects for every branch: consumers read them and never change them.
 */
export class LedgerFanOut {
  private readonly branches: Branch[];
  private source: Iterator<LedgerEntry> | null = null;
  private ended = false;
  private waiting: { index: number; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private failure: { error: unknown } | null = null;

  constructor(
    count: number,
    /** Read once, when a branch first asks. */
    private readonly read: () => Iterable<LedgerEntry>,
  ) {
    this.branches = Array.from({ length: count }, () => ({ queue: [], head: 0, taken: 0, open: true }));
  }

  /** Branch `index`'s walk of the ledger, once; ending it (or `close`) stops keeping entries for it. */
  *entries(index: number): Generator<LedgerEntry> {
    const branch = this.branches[index] as Branch;
    try {
      for (;;) {
        if (this.failure !== null) throw this.failure.error;
        let entry: LedgerEntry;
        if (branch.head < branch.queue.length) {
          entry = branch.queue[branch.head] as LedgerEntry;
          branch.head += 1;
          if (branch.head > 1024 && branch.head * 2 > branch.queue.length) {
            branch.queue = branch.queue.slice(branch.head);
            branch.head = 0;
          }
        } else {
          const next = this.ended ? null : (this.source ??= this.read()[Symbol.iterator]()).next();
          if (next === null || next.done === true) {
            this.ended = true;
            return;
          }
          entry = next.value;
          for (const other of this.branches) if (other !== branch && other.open) other.queue.push(entry);
        }
        branch.taken += 1;
        yield entry;
      }
    } finally {
      this.close(index);
    }
  }

  /**
   * Resolves once branch `index` is no more than the window ahead of the slowest open branch. Every branch calls it
   * between steps, the slowest too: its call is what lets those waiting on it go on.
   */
  pace(index: number): Promise<void> {
    if (this.failure !== null) return Promise.reject(this.failure.error);
    if (this.waiting.length > 0) this.wake();
    if (this.allowed(index)) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiting.push({ index, resolve, reject }));
  }

  /** Branch `index` takes no more entries (done, or failed). */
  close(index: number): void {
    const branch = this.branches[index] as Branch;
    if (!branch.open) return;
    branch.open = false;
    branch.queue = [];
    branch.head = 0;
    this.wake();
  }

  /** Stops every branch: those waiting, and those that ask for an entry, throw `error`. */
  fail(error: unknown): void {
    this.failure ??= { error };
    const waiting = this.waiting;
    this.waiting = [];
    for (const one of waiting) one.reject(error);
  }

  private allowed(index: number): boolean {
    let slowest = Infinity;
    for (const branch of this.branches) if (branch.open && branch.taken < slowest) slowest = branch.taken;
    return (this.branches[index] as Branch).taken <= slowest + FAN_WINDOW;
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const one of waiting) {
      if (this.allowed(one.index)) one.resolve();
      else this.waiting.push(one);
    }
  }
}

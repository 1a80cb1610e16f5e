import type { RunQueue } from './RunQueue.js';
import type { RunRequest } from '../runs/RunRequest.js';
import type { Run, WorkspaceData } from './WorkspaceData.js';

/**
 * The embedded queue: runs persist in the workspace database (status `queued`), this process
 * takes them oldest first, skipping a book that already has a run going, up to `maxRunning`
 * at once. All runs share the key's one rate limiter, so more runs never mean more calls per second.
 */
export class InProcessRunQueue implements RunQueue {
  private readonly active = new Map<number, { bookId: number; controller: AbortController; done: Promise<void> }>();
  private waiters: (() => void)[] = [];
  private started = false;
  private closed = false;

  constructor(
    private readonly data: WorkspaceData,
    private readonly execute: (run: Run, signal: AbortSignal) => Promise<void>,
    private readonly options: { maxRunning?: number; now: () => Date },
  ) {}

  start(): void {
    this.started = true;
    for (const run of this.data.runningRuns()) {
      this.data.updateRun(run.id, { status: 'queued' });
      this.data.appendLog(run.id, 'queued again: the server stopped while this run was going');
    }
    this.pump();
  }

  enqueue(bookId: number, request: RunRequest, trigger: Run['trigger']): Run {
    const run = this.data.addRun(bookId, request, trigger, this.options.now().toISOString());
    this.pump();
    return run;
  }

  stop(runId: number): boolean {
    const going = this.active.get(runId);
    if (going !== undefined) {
      going.controller.abort(new Error('stopped'));
      return true;
    }
    const run = this.data.getRun(runId);
    if (run?.status !== 'queued') return false;
    this.data.updateRun(runId, { status: 'stopped', finishedAt: this.options.now().toISOString() });
    this.data.appendLog(runId, 'stopped before it started');
    this.settle();
    return true;
  }

  counts(): { queued: number; running: number } {
    return { queued: this.data.queuedRuns().length, running: this.active.size };
  }

  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Stops every run going (each keeps what it fetched and is queued again at the next start). */
  async close(): Promise<void> {
    this.closed = true;
    const going = [...this.active.values()];
    for (const run of going) run.controller.abort(new Error('server stopping'));
    await Promise.all(going.map((run) => run.done));
  }

  private isIdle(): boolean {
    return this.active.size === 0 && this.data.queuedRuns().length === 0;
  }

  private pump(): void {
    if (!this.started || this.closed) return;
    const busyBooks = new Set([...this.active.values()].map((run) => run.bookId));
    for (const run of this.data.queuedRuns()) {
      if (this.active.size >= (this.options.maxRunning ?? 8)) break;
      if (busyBooks.has(run.bookId)) continue;
      busyBooks.add(run.bookId);
      const controller = new AbortController();
      const done = this.execute(run, controller.signal)
        .catch((error: unknown) => this.data.updateRun(run.id, { status: 'failed', error: String(error) }))
        .finally(() => {
        this.active.delete(run.id);
        // Stopped by a shutdown, not by a person: the next start takes it up again.
        if (this.closed && this.data.getRun(run.id)?.status === 'stopped') this.data.updateRun(run.id, { status: 'queued', finishedAt: null });
        this.pump();
        this.settle();
      });
      this.active.set(run.id, { bookId: run.bookId, controller, done });
    }
  }

  private settle(): void {
    if (!this.isIdle()) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}

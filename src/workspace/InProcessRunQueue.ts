import type { RunQueue } from './RunQueue.js';
import type { RunRequest } from '../runs/RunRequest.js';
import type { Run, WorkspaceData } from './WorkspaceData.js';

/**
 * The embedded queue: runs persist in the workspace database (status `queued`), this process
 * takes them oldest first, skipping a book that already has a run going, up to `maxRunning`
 * at once, each through `execute` (the embedded workspace's: a thread per run, `RunThreads`). All runs
 * share the key's one rate limiter, so more runs never mean more calls per second.
 */
export class InProcessRunQueue implements RunQueue {
  private readonly active = new Map<number, { bookId: number; controller: AbortController; done: Promise<void> }>();
  private waiters: (() => void)[] = [];
  /** Pumps run one after another, so a queued run is never started twice while its status still reads `queued`. */
  private pumping: Promise<void> = Promise.resolve();
  private started = false;
  private closed = false;

  constructor(
    private readonly data: WorkspaceData,
    private readonly execute: (run: Run, signal: AbortSignal) => Promise<void>,
    private readonly options: { maxRunning?: number; now: () => Date },
  ) {}

  async start(): Promise<void> {
    this.started = true;
    for (const run of await this.data.runningRuns()) {
      await this.data.updateRun(run.id, { status: 'queued' });
      await this.data.appendLog(run.id, 'queued again: the server stopped while this run was going');
    }
    await this.pump();
  }

  async enqueue(bookId: number, request: RunRequest, trigger: Run['trigger']): Promise<Run> {
    const run = await this.data.addRun(bookId, request, trigger, this.options.now().toISOString());
    void this.pump();
    return run;
  }

  resume(): Promise<void> {
    return this.pump();
  }

  async stop(runId: number): Promise<boolean> {
    const going = this.active.get(runId);
    if (going !== undefined) {
      going.controller.abort(new Error('stopped'));
      return true;
    }
    const run = await this.data.getRun(runId);
    if (run?.status !== 'queued' && run?.status !== 'deferred') return false;
    await this.data.updateRun(runId, { status: 'stopped', resumeAt: null, finishedAt: this.options.now().toISOString() });
    await this.data.appendLog(runId, 'stopped before it started');
    await this.settle();
    return true;
  }

  async counts(): Promise<{ queued: number; running: number }> {
    // A run this queue has just started reads `queued` until its first write: it counts as running.
    return { queued: (await this.data.queuedRuns()).filter((run) => !this.active.has(run.id)).length, running: this.active.size };
  }

  async idle(): Promise<void> {
    if (await this.isIdle()) return;
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Stops every run going (each keeps what it fetched and is queued again at the next start). */
  async close(): Promise<void> {
    this.closed = true;
    const going = [...this.active.values()];
    for (const run of going) run.controller.abort(new Error('server stopping'));
    await Promise.all(going.map((run) => run.done));
    await this.pumping;
  }

  private async isIdle(): Promise<boolean> {
    return this.active.size === 0 && (await this.data.queuedRuns()).length === 0;
  }

  private pump(): Promise<void> {
    // A pump that failed (the database file unreadable for a moment) leaves the runs queued; the next one takes them.
    this.pumping = this.pumping.then(() => this.pumpOnce()).catch(() => undefined);
    return this.pumping;
  }

  private async pumpOnce(): Promise<void> {
    if (!this.started || this.closed) return;
    const busyBooks = new Set([...this.active.values()].map((run) => run.bookId));
    for (const run of await this.data.queuedRuns()) {
      if (this.active.size >= (this.options.maxRunning ?? 8)) break;
      if (busyBooks.has(run.bookId)) continue;
      busyBooks.add(run.bookId);
      const controller = new AbortController();
      const done = this.execute(run, controller.signal)
        .catch((error: unknown) => this.data.updateRun(run.id, { status: 'failed', error: String(error) }))
        .finally(async () => {
          this.active.delete(run.id);
          // Stopped by a shutdown, not by a person: the next start takes it up again.
          if (this.closed && (await this.data.getRun(run.id))?.status === 'stopped')
            await this.data.updateRun(run.id, { status: 'queued', finishedAt: null });
          void this.pump();
          await this.settle();
        });
      this.active.set(run.id, { bookId: run.bookId, controller, done });
    }
  }

  private async settle(): Promise<void> {
    if (!(await this.isIdle())) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}

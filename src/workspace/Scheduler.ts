import { createHash } from 'node:crypto';
import { Cron } from 'croner';
import { InputError } from '../errors/LedgerscanError.js';
import { unlessDatabaseAway } from '../db/postgres/DatabaseUnavailableError.js';
import { runKind } from '../runs/runKinds.js';
import { validateRunRequest } from '../runs/validateRunRequest.js';
import type { RunQueue } from './RunQueue.js';
import type { Schedule, WorkspaceData } from './WorkspaceData.js';

export const DEFAULT_SCHEDULES: readonly Schedule[] = [
  { kind: 'reconcile', cron: '30 2 * * *', zone: 'UTC', templates: [], lastFiredAt: null },
];

/** The next tick of `schedule` strictly after `after`, in UTC or the book's zone (croner parses and does the zone arithmetic). */
export function nextTick(schedule: Pick<Schedule, 'cron' | 'zone'>, bookZone: string, after: Date): Date | null {
  const cron = new Cron(schedule.cron, { timezone: schedule.zone === 'UTC' ? 'UTC' : bookZone, paused: true });
  return cron.nextRun(after);
}

/** How far a schedule's firing is spread after its tick by default: a night's schedules start over ten minutes. */
export const DEFAULT_JITTER_MS = 600_000;

/**
 * The delay after `tick` at which the book's schedule fires: a fraction of the window fixed by a hash of the book and
 * the kind (the same every night, so a book's runs keep their order and spacing), the window at most a quarter of
 * the time to the schedule's next tick (a schedule every few seconds keeps its rhythm).
 */
export function jitterOf(
  bookId: number,
  schedule: Pick<Schedule, 'cron' | 'zone' | 'kind'>,
  bookZone: string,
  tick: Date,
  windowMs: number,
): number {
  if (windowMs <= 0) return 0;
  const following = nextTick(schedule, bookZone, tick);
  const window = following === null ? windowMs : Math.min(windowMs, (following.getTime() - tick.getTime()) / 4);
  const fraction = createHash('sha256').update(`${bookId}:${schedule.kind}`).digest().readUInt32BE(0) / 2 ** 32;
  return Math.floor(fraction * window);
}

export interface SchedulerOptions {
  /** The jitter window (`jitterOf`); none: each schedule fires at its tick (the workspace gives `DEFAULT_JITTER_MS`). */
  jitterMs?: number;
  /** After each look: the night's one alert (`nightAlert`). */
  afterTick?: (now: Date) => Promise<void>;
}

/** Refuses an expression croner cannot read, naming the field. */
export function checkCron(cron: unknown, field: string): string {
  if (typeof cron !== 'string') throw new InputError(`${field} must be a cron expression such as "30 2 * * *"`, { details: { field } });
  try {
    new Cron(cron, { paused: true }).stop();
  } catch (cause) {
    throw new InputError(`${field} ${JSON.stringify(cron)} is not a cron expression (${(cause as Error).message}; e.g. "30 2 * * *")`, {
      details: { field },
      cause,
    });
  }
  return cron;
}

/**
 * Fires schedules on the clock it is given (a test clock in tests). At each `tick(now)`, a
 * schedule whose next tick since its last firing, plus its book's jitter (`jitterOf`), has come enqueues one run, however many ticks
 * were missed while the server was down; a schedule never fired starts counting from its first tick.
 * The runs a kind's `schedule.followedBy` names are queued behind it (a book's runs never overlap):
 * after a reconcile one diff per closed period, so a late-indexed record in a filed period is found
 * the same night. Each
 * tick is claimed on the workspace data first, so schedulers in several processes fire it once. Each look also
 * queues again the deferred runs whose day has come (claimed too, so once).
 */
export class Scheduler {
  private timer: NodeJS.Timeout | undefined;
  /** The look in progress: a stopping process lets it finish, so a tick it claimed is also enqueued. */
  private looking: Promise<unknown> | undefined;

  constructor(
    private readonly data: WorkspaceData,
    private readonly queue: RunQueue,
    private readonly closedLabels: (bookId: number) => readonly string[],
    private readonly options: SchedulerOptions = {},
  ) {}

  /** Fires what is due at `now` and returns how many schedules fired (deferred runs queued again are not counted). */
  async tick(now: Date): Promise<number> {
    const fired = await this.fire(now);
    for (const run of await this.data.nights.dueDeferredRuns(now.toISOString())) {
      if (!(await this.data.nights.requeueDeferred(run.id))) continue;
      await this.data.appendLog(run.id, 'queued again: its day came, the daily quota is new');
      await this.queue.resume({ ...run, status: 'queued' });
    }
    await this.options.afterTick?.(now);
    return fired;
  }

  private async fire(now: Date): Promise<number> {
    let fired = 0;
    for (const { bookId, schedules } of await this.data.allSchedules()) {
      const book = await this.data.getBook(bookId);
      if (book === undefined) continue;
      for (const schedule of schedules) {
        if (schedule.lastFiredAt === null) {
          await this.data.claimScheduleTick(bookId, schedule.kind, null, now.toISOString());
          continue;
        }
        const zone = book.data.timezone ?? 'UTC';
        const tick = nextTick(schedule, zone, new Date(schedule.lastFiredAt));
        if (tick === null || tick.getTime() + jitterOf(bookId, schedule, zone, tick, this.options.jitterMs ?? 0) > now.getTime()) continue;
        const kind = runKind(schedule.kind);
        const requests = [
          { kind: schedule.kind, ...(kind.needs.templates ? { templates: [...schedule.templates] } : {}) },
          ...(kind.schedule?.followedBy?.(this.closedLabels(bookId)) ?? []).map(validateRunRequest),
        ];
        // Claimed and written in one transaction: of several schedulers that saw this tick due only one wins it, and
        // a process killed at any point fires it once or leaves it to another, never loses it.
        const runs = await this.data.fireScheduleTick(bookId, schedule.kind, schedule.lastFiredAt, now.toISOString(), requests);
        if (runs === null) continue;
        for (const run of runs) await this.queue.resume(run);
        fired += 1;
      }
    }
    return fired;
  }

  /** Ticks now (missed runs after downtime) and then every `everyMs`. */
  async start(now: () => Date, everyMs = 15_000): Promise<void> {
    await this.tick(now());
    this.timer = setInterval(() => {
      // A look slower than the interval is not overlapped by the next one: it would only re-read what this one claims.
      if (this.looking !== undefined) return;
      this.looking = unlessDatabaseAway(() => this.tick(now())).finally(() => (this.looking = undefined));
    }, everyMs);
    this.timer.unref();
  }

  /** Looks no more, once the look in progress (claimed ticks and their runs) has finished. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.looking;
  }
}

import path from 'node:path';
import type { AlertSettings } from '../alerts/AlertSettings.js';
import { parseInstant } from '../config/parseInstant.js';
import { InputError } from '../errors/LedgerscanError.js';
import type { KeyLimiter } from '../etherscan/KeyLimiter.js';
import { closedPeriods, defaultFiledDir, periodLabel } from '../filing/FiledRecord.js';
import type { BookData } from './BookData.js';
import type { BookStores } from './BookStores.js';
import { embeddedBookStores } from './BookStores.js';
import type { RunContext } from './executeRun.js';
import { executeRun } from './executeRun.js';
import { InProcessRunQueue } from './InProcessRunQueue.js';
import type { ApiAccess } from './jobForRun.js';
import { jobForRun } from './jobForRun.js';
import { openSqliteWorkspaceData } from './openWorkspaceData.js';
import type { RunQueue } from './RunQueue.js';
import type { RunRequest } from './RunRequest.js';
import { checkCron, DEFAULT_SCHEDULES, Scheduler } from './Scheduler.js';
import { validateBook } from './validateBook.js';
import { validateRunRequest } from './validateRunRequest.js';
import type { Book, Run, Schedule, WorkspaceData } from './WorkspaceData.js';

/** Where the workspace keeps its data, stores and queue when it is not the embedded default (`openDistributedWorkspace`). */
export interface WorkspaceBackend {
  data: WorkspaceData;
  stores: BookStores;
  queue: (execute: (run: Run, signal: AbortSignal) => Promise<void>) => RunQueue;
}

export interface WorkspaceOptions {
  /** The embedded default: everything under this folder. */
  dataDir?: string;
  backend?: WorkspaceBackend;
  api: ApiAccess;
  /** The clock of runs and schedules; tests pass their own. */
  now?: () => Date;
  maxRunning?: number;
  /** Where alerts go: the server's LEDGERSCAN_* environment, never the workspace data. None: no alerts. */
  alerts?: AlertSettings;
}

/** The CLI's validation names flags or job fields in its message; the API's answer also names the request field. */
function withField<T>(field: string, validate: () => T): T {
  try {
    return validate();
  } catch (cause) {
    if (!(cause instanceof InputError) || cause.details.field !== undefined) throw cause;
    throw new InputError(cause.message, { details: { ...cause.details, field }, cause });
  }
}

const SCHEDULED_KINDS: readonly RunRequest['kind'][] = ['export', 'sync', 'reconcile'];

/**
 * The workspace: books, runs, schedules and shares, the queue and the scheduler. Embedded (the default): the
 * data in `DIR/workspace.db`, one store per book and one folder per run under DIR, the in-process queue.
 * Distributed: the backend's (PostgreSQL data and stores, graphile-worker queue, shared files). The server and
 * `ledgerscan worker` talk to this class only.
 */
export class Workspace {
  readonly data: WorkspaceData;
  readonly stores: BookStores;
  readonly queue: RunQueue;
  readonly scheduler: Scheduler;
  readonly api: ApiAccess;
  readonly now: () => Date;
  private readonly alerts: AlertSettings;

  constructor(options: WorkspaceOptions) {
    this.now = options.now ?? (() => new Date());
    this.api = options.api;
    this.alerts = options.alerts ?? {};
    const execute = (run: Run, signal: AbortSignal): Promise<void> => executeRun(this.runContext(this.api), run, signal);
    if (options.backend !== undefined) {
      this.data = options.backend.data;
      this.stores = options.backend.stores;
      this.queue = options.backend.queue(execute);
    } else {
      if (options.dataDir === undefined) throw new InputError('the workspace needs a data folder (--data DIR) or a database (--database URL)');
      this.data = openSqliteWorkspaceData(path.join(options.dataDir, 'workspace.db'));
      this.stores = embeddedBookStores(options.dataDir);
      this.queue = new InProcessRunQueue(this.data, execute, { now: this.now, ...(options.maxRunning === undefined ? {} : { maxRunning: options.maxRunning }) });
    }
    this.scheduler = new Scheduler(this.data, this.queue, (bookId) => this.closedPeriods(bookId).map((record) => record.label));
  }

  /** What a run needs to execute with one key: a worker passes the key it was given and that key's shared limiter. */
  runContext(api: ApiAccess, limiter?: KeyLimiter): RunContext {
    return { data: this.data, stores: this.stores, api, alerts: this.alerts, now: this.now, ...(limiter === undefined ? {} : { limiter }) };
  }

  /** Re-queues runs a dead process left running, then takes up the queue and the schedules. */
  async start(options: { schedulerEveryMs?: number; scheduler?: boolean } = {}): Promise<void> {
    await this.queue.start();
    if (options.scheduler !== false) await this.scheduler.start(this.now, options.schedulerEveryMs);
  }

  async close(): Promise<void> {
    this.scheduler.stop();
    await this.queue.close();
    await this.data.close();
  }

  async addBook(input: unknown): Promise<Book> {
    const book = await this.data.addBook(validateBook(input, this.api.apiKey), this.now().toISOString());
    await this.data.setSchedules(book.id, DEFAULT_SCHEDULES.map((schedule) => ({ ...schedule, lastFiredAt: this.now().toISOString() })));
    return book;
  }

  /** PATCH: the given fields replace the book's, and the whole book is validated again. */
  async updateBook(id: number, change: unknown): Promise<Book | undefined> {
    const book = await this.data.getBook(id);
    if (book === undefined) return undefined;
    if (typeof change !== 'object' || change === null || Array.isArray(change)) throw new InputError('a book change must be a JSON object of book fields', { details: { field: 'book' } });
    const data: BookData = validateBook({ ...book.data, ...change }, this.api.apiKey);
    return this.data.updateBook(id, data, this.now().toISOString());
  }

  async removeBook(id: number): Promise<boolean> {
    if ((await this.data.runsOfBook(id)).some((run) => run.status === 'queued' || run.status === 'running')) {
      throw new InputError('the book has a run queued or going', { details: { field: 'id', fix: 'stop its runs first' } });
    }
    const removed = await this.data.removeBook(id);
    if (removed) await this.stores.removeBook(id);
    return removed;
  }

  /** The book's closed periods, where the CLI's `close` keeps them by default: `filed/` beside its state file. */
  closedPeriods(bookId: number): ReturnType<typeof closedPeriods> {
    return closedPeriods(defaultFiledDir(this.stores.stateFile(bookId)));
  }

  /**
   * Validates the request as the CLI validates a job (every problem at once), then queues it. What the
   * pipeline would refuse only after syncing (a period closed already or not over, an instant to come) is
   * refused here, before anything runs.
   */
  async startRun(bookId: number, input: unknown, trigger: Run['trigger'] = 'manual'): Promise<Run | undefined> {
    const book = await this.data.getBook(bookId);
    if (book === undefined) return undefined;
    const request: RunRequest = validateRunRequest(input);
    const state = this.stores.stateFile(bookId);
    const job = withField('run', () => jobForRun({ book: book.data, request, api: this.api, state, out: '.', jobFile: 'job.json', now: this.now(), write: false, filedDir: defaultFiledDir(state) }));
    if (request.kind === 'close') {
      const label = periodLabel(job.period);
      if (this.closedPeriods(bookId).some((record) => record.label === label)) throw new InputError(`period ${label} is already closed; a filed period is never overwritten (run "diff" on it to see what changed)`, { details: { field: 'period' } });
      if (job.period.endTime * 1000 > this.now().getTime()) throw new InputError(`period ${label} has not ended yet; close it after ${job.period.to}`, { details: { field: 'period' } });
    }
    if (request.kind === 'balances' && withField('at', () => parseInstant(request.at, 'at', job.timezone)).time * 1000 > this.now().getTime()) {
      throw new InputError(`at ${request.at ?? ''} is in the future (state holdings at a past instant)`, { details: { field: 'at' } });
    }
    return this.queue.enqueue(bookId, request, trigger);
  }

  async setSchedules(bookId: number, input: unknown): Promise<Schedule[]> {
    if (!Array.isArray(input)) throw new InputError('schedules must be a list such as [{"kind": "reconcile", "cron": "30 2 * * *", "zone": "UTC"}]', { details: { field: 'schedules' } });
    const kinds = new Set<string>();
    const schedules = input.map((item: unknown, index): Schedule => {
      const field = `schedules[${index}]`;
      const entry = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
      const request = validateRunRequest({ kind: entry.kind, ...(entry.templates === undefined ? {} : { templates: entry.templates }) });
      if (!SCHEDULED_KINDS.includes(request.kind)) throw new InputError(`${field}.kind must be one of ${SCHEDULED_KINDS.join(', ')} (diffs of closed periods follow each scheduled reconcile)`, { details: { field: `${field}.kind` } });
      if (kinds.has(request.kind)) throw new InputError(`${field}.kind ${request.kind} is scheduled twice (one schedule per kind)`, { details: { field: `${field}.kind` } });
      kinds.add(request.kind);
      if (entry.zone !== undefined && entry.zone !== 'UTC' && entry.zone !== 'book') throw new InputError(`${field}.zone must be "UTC" or "book"`, { details: { field: `${field}.zone` } });
      if (request.kind === 'export' && (request.templates ?? []).length === 0) throw new InputError(`${field}.templates must name at least one template for an export`, { details: { field: `${field}.templates` } });
      return { kind: request.kind, cron: checkCron(entry.cron, `${field}.cron`), zone: entry.zone === 'book' ? 'book' : 'UTC', templates: request.templates ?? [], lastFiredAt: this.now().toISOString() };
    });
    await this.data.setSchedules(bookId, schedules);
    return this.data.schedules(bookId);
  }
}

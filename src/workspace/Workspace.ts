import path from 'node:path';
import type { AlertSettings } from '../alerts/AlertSettings.js';
import { InputError } from '../errors/LedgerscanError.js';
import type { KeyLimiter } from '../etherscan/KeyLimiter.js';
import { closedPeriods, defaultFiledDir } from '../filing/FiledRecord.js';
import type { BookData } from './BookData.js';
import type { BookPlaces } from './BookPlaces.js';
import { embeddedBookPlaces } from './BookPlaces.js';
import type { RunContext } from './executeRun.js';
import { executeRun } from './executeRun.js';
import { InProcessRunQueue } from './InProcessRunQueue.js';
import { RunThreads } from './RunThreads.js';
import type { ApiAccess } from './jobForRun.js';
import { openSqliteWorkspace } from './openWorkspaceData.js';
import type { RefreshOutcome } from './entries/refreshEntries.js';
import { bookRefresh } from './entries/refreshEntries.js';
import { RefreshThread } from './entries/RefreshThread.js';
import { SqlBookEntries } from './entries/SqlBookEntries.js';
import { bookSettings } from './entries/bookSettings.js';
import type { RunQueue } from './RunQueue.js';
import { DEFAULT_JITTER_MS, DEFAULT_SCHEDULES, Scheduler } from './Scheduler.js';
import { sendNightAlert } from './nightAlert.js';
import { listBooks, type BookListPage, type BookListQuery } from './listBooks.js';
import { validateBook } from './validateBook.js';
import { refuseBrokenSchedules, validateRun, validateSchedules } from './validateRun.js';
import type { Book, BookPrice, Run, Schedule, WorkspaceData } from './WorkspaceData.js';
import type { RunRequest } from '../runs/RunRequest.js';
import type { RuleBody } from './checkBookRule.js';
import { parseBookRule } from './checkBookRule.js';
import type { GivenPrice } from './checkBookPrice.js';
import { checkBookPrice } from './checkBookPrice.js';
import type { GivenSeries } from './checkPriceSeries.js';
import { checkPriceSeries } from './checkPriceSeries.js';

/** Where the workspace keeps its data, stores and queue when it is not the embedded default (`openDistributedWorkspace`). */
export interface WorkspaceBackend {
  data: WorkspaceData;
  stores: BookPlaces;
  /** The books' transactions tables, reviews and notes: in the same database as `data`. */
  entries: SqlBookEntries;
  /** That database's URL: a refresh asked of the server runs on a worker thread with a connection of its own. */
  entriesDatabase: string;
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
  /** The window a night's schedules are spread over (`jitterOf`); default ten minutes, 0 fires each at its tick. */
  scheduleJitterMs?: number;
  /** Where the night alert's delivery lines go (a worker's log); none: nowhere. */
  log?: (line: string) => void;
}

/**
 * The workspace: books, runs, schedules and shares, the queue and the scheduler. Embedded (the default): the
 * data in `DIR/workspace.db`, one store per book and one folder per run under DIR, the in-process queue.
 * Distributed: the backend's (PostgreSQL data and stores, graphile-worker queue, shared files). The server and
 * `ledgerscan worker` talk to this class only.
 */
export class Workspace {
  readonly data: WorkspaceData;
  readonly stores: BookPlaces;
  readonly entries: SqlBookEntries;
  readonly queue: RunQueue;
  readonly scheduler: Scheduler;
  readonly api: ApiAccess;
  readonly now: () => Date;
  private readonly alerts: AlertSettings;
  private readonly entriesThread: RefreshThread;
  /** Embedded: the threads the runs execute on. */
  private readonly runThreads: RunThreads | undefined;

  constructor(options: WorkspaceOptions) {
    this.now = options.now ?? (() => new Date());
    this.api = options.api;
    this.alerts = options.alerts ?? {};
    if (options.backend !== undefined) {
      this.data = options.backend.data;
      this.stores = options.backend.stores;
      this.entries = options.backend.entries;
      this.entriesThread = new RefreshThread({ kind: 'postgres', url: options.backend.entriesDatabase });
      this.runThreads = undefined;
      this.queue = options.backend.queue((run, signal) => executeRun(this.runContext(this.api), run, signal));
    } else {
      if (options.dataDir === undefined)
        throw new InputError('the workspace needs a data folder (--data DIR) or a database (--database URL)');
      // Each run on a thread of its own, which announces the runs it writes to this thread's data (the event streams').
      const threads = new RunThreads({ dataDir: options.dataDir, api: this.api, alerts: this.alerts, now: this.now });
      this.runThreads = threads;
      const file = path.join(options.dataDir, 'workspace.db');
      const { data, db } = openSqliteWorkspace(file, threads.changeFeed);
      this.data = data;
      this.entries = new SqlBookEntries(db);
      this.entriesThread = new RefreshThread({ kind: 'sqlite', file });
      this.stores = embeddedBookPlaces(options.dataDir);
      this.queue = new InProcessRunQueue(this.data, (run, signal) => threads.execute(run, signal), {
        now: this.now,
        ...(options.maxRunning === undefined ? {} : { maxRunning: options.maxRunning }),
      });
    }
    const jitterMs = options.scheduleJitterMs ?? DEFAULT_JITTER_MS;
    this.scheduler = new Scheduler(this.data, this.queue, (bookId) => this.closedPeriods(bookId).map((record) => record.label), {
      jitterMs,
      afterTick: (now) => sendNightAlert(this.data, this.alerts, now, jitterMs, options.log ?? (() => undefined)).then(() => undefined),
    });
  }

  /** What a run needs to execute with one key: a worker passes the key it was given and that key's shared limiter. */
  runContext(api: ApiAccess, limiter?: KeyLimiter, pricePacerFor?: RunContext['pricePacerFor']): RunContext {
    return {
      data: this.data,
      stores: this.stores,
      entries: this.entries,
      api,
      alerts: this.alerts,
      now: this.now,
      ...(limiter === undefined ? {} : { limiter }),
      ...(pricePacerFor === undefined ? {} : { pricePacerFor }),
    };
  }

  /**
   * Adds a correction to the book (admins only, checked by the route): validated like a job file's rule, tried on
   * the book's stored ledger after its other rules (refused when it sets a category on a leg of the wrong
   * direction), and saved even when it changes nothing yet: `matched` says so. Rule changes go through here and
   * `removeBookRule` only, the one place to record them.
   */
  async addBookRule(bookId: number, input: RuleBody, author: string): Promise<RefreshOutcome['trial']> {
    const book = await this.data.getBook(bookId);
    if (book === undefined) return undefined;
    const given = parseBookRule(input, book.data.chains);
    const stored = { rule: given.rule, reason: given.reason, author, created: this.now().toISOString() };
    // One build of the ledger: the refresh that shows the rule also checks it, and stores it only when it passes.
    return (await this.entriesThread.refresh(await bookRefresh(this, book), { rule: given.resolved, stored })).trial;
  }

  /** False when the book has no such rule; runs already done keep the files it shaped, the transactions table follows at once. */
  async removeBookRule(bookId: number, ruleId: number): Promise<boolean> {
    return this.refreshedIf(bookId, await this.data.removeBookRule(bookId, ruleId));
  }

  /**
   * Adds manual prices to the book (admins and its staff, checked by the route), one or a series (`checkPriceSeries`:
   * every row checked before any is saved), and refreshes the transactions table, which values from the book's
   * prices as every run does. Price changes go through here and `removeBookPrice` only, as rule changes go through
   * `addBookRule`.
   */
  async addBookPrices(bookId: number, given: GivenPrice | GivenSeries, author: string): Promise<BookPrice[] | undefined> {
    const book = await this.data.getBook(bookId);
    if (book === undefined) return undefined;
    const now = this.now();
    const checked = 'csv' in given ? checkPriceSeries(given, book.data, now) : [checkBookPrice(given, book.data, now)];
    const added = await this.data.addBookPrices(
      bookId,
      checked.map((price) => ({ ...price, author, created: now.toISOString() })),
    );
    await this.refreshEntries(book);
    return added;
  }

  /** False when the book has no such price; the transactions table follows at once, as for a rule removed. */
  async removeBookPrice(bookId: number, priceId: number): Promise<boolean> {
    return this.refreshedIf(bookId, await this.data.removeBookPrice(bookId, priceId));
  }

  /** After a removal: the book's table refreshed when something was removed; `removed` passed on. */
  private async refreshedIf(bookId: number, removed: boolean): Promise<boolean> {
    const book = removed ? await this.data.getBook(bookId) : undefined;
    if (book !== undefined) await this.refreshEntries(book);
    return removed;
  }

  /** Re-queues runs a dead process left running, then takes up the queue and the schedules. */
  async start(options: { schedulerEveryMs?: number; scheduler?: boolean } = {}): Promise<void> {
    await this.queue.start();
    if (options.scheduler !== false) await this.scheduler.start(this.now, options.schedulerEveryMs);
  }

  async close(): Promise<void> {
    await this.scheduler.stop();
    await this.queue.close();
    await this.runThreads?.close();
    await this.entriesThread.close();
    await this.data.close();
  }

  async addBook(input: Readonly<Record<string, unknown>>): Promise<Book> {
    const book = await this.data.addBook(validateBook(input, this.api), this.now().toISOString());
    await this.data.setSchedules(
      book.id,
      DEFAULT_SCHEDULES.map((schedule) => ({ ...schedule, lastFiredAt: this.now().toISOString() })),
    );
    return book;
  }

  /** A page of the books list of the pages and the API (`listBooks`). */
  bookList(query: BookListQuery): Promise<BookListPage> {
    return listBooks(this.data, this.entries, query);
  }

  /** A warning for each other book (in use or archived) of the same name, ignoring case: the book is kept all the same. */
  async nameWarnings(book: Book): Promise<string[]> {
    const name = book.data.name.toLowerCase();
    const others = [...(await this.data.listBooks()), ...(await this.data.listBooks(true))].filter(
      (other) => other.id !== book.id && other.data.name.toLowerCase() === name,
    );
    return others.map(
      (other) => `name: book ${other.id}${other.archivedAt === null ? '' : ' (archived)'} is also called "${other.data.name}"`,
    );
  }

  /**
   * PATCH: the given fields replace the book's, and the whole book is validated again. When what shapes the
   * transactions table changed (a currency, a label, a spam list…), its refresh starts on the refresh thread without
   * being waited for: until it is shown, the table says it is stale (`bookSettings`), and a failed one leaves it so.
   */
  async updateBook(id: number, change: Readonly<Record<string, unknown>>): Promise<Book | undefined> {
    const book = await this.data.getBook(id);
    if (book === undefined) return undefined;
    const data: BookData = validateBook({ ...book.data, ...change }, this.api);
    refuseBrokenSchedules(this, { ...book, data }, await this.data.bookRules(id), await this.data.schedules(id));
    const updated = await this.data.updateBook(id, data, this.now().toISOString());
    if (updated !== undefined && bookSettings(updated.data) !== bookSettings(book.data))
      void this.refreshEntries(updated).catch(() => undefined);
    return updated;
  }

  /**
   * A book with closed periods is archived, never deleted: what was filed stays, with its runs. A book without is
   * deleted with its store and run folders. Undefined when there is no such book.
   */
  async removeBook(id: number): Promise<'archived' | 'deleted' | undefined> {
    const runs = await this.data.runsOfBook(id);
    if (runs.some((run) => run.status === 'queued' || run.status === 'running')) {
      throw new InputError('the book has a run queued or going', { details: { field: 'id', fix: 'stop its runs first' } });
    }
    if (this.closedPeriods(id).length > 0) return (await this.data.setBookArchived(id, this.now().toISOString())) ? 'archived' : undefined;
    if (!(await this.data.removeBook(id))) return undefined;
    await this.stores.removeBook(
      id,
      runs.map((run) => run.id),
    );
    return 'deleted';
  }

  /** Brings an archived book back into the list; false when there is no such book. */
  async restoreBook(id: number): Promise<boolean> {
    return this.data.setBookArchived(id, null);
  }

  /** Materializes the book's ledger (its rules applied) from its store into its transactions table now, on the refresh thread; the number of entries. */
  async refreshEntries(book: Book): Promise<number> {
    return (await this.entriesThread.refresh(await bookRefresh(this, book))).entries;
  }

  /** The book's closed periods, where the CLI's `close` keeps them by default: `filed/` beside its state file. */
  closedPeriods(bookId: number): ReturnType<typeof closedPeriods> {
    return closedPeriods(defaultFiledDir(this.stores.stateFile(bookId)));
  }

  /** A request whose shape the route's schema (`runRequestSchema`) has checked: a known kind and its own options. */
  async startRun(bookId: number, request: RunRequest, trigger: Run['trigger'] = 'manual'): Promise<Run | undefined> {
    const book = await this.data.getBook(bookId);
    if (book === undefined) return undefined;
    if (book.archivedAt !== null) throw new InputError('the book is archived', { details: { field: 'id', fix: 'restore it first' } });
    return this.queue.enqueue(bookId, validateRun(this, book, await this.data.bookRules(bookId), request), trigger);
  }

  /** Replaces the book's schedules, each validated as the run it will queue (`validateSchedules`). */
  async setSchedules(bookId: number, input: readonly unknown[]): Promise<Schedule[]> {
    const book = await this.data.getBook(bookId);
    if (book === undefined) throw new InputError(`book ${bookId} does not exist`, { details: { field: 'id' } });
    await this.data.setSchedules(bookId, validateSchedules(this, book, await this.data.bookRules(bookId), input));
    return this.data.schedules(bookId);
  }
}

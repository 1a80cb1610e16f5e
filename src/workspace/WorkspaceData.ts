import type { BookListFilter, BookListKey } from './BookListKey.js';
import type { Accounts, User } from './Accounts.js';
import type { AuditLog } from './AuditLog.js';
import type { BookData } from './BookData.js';
import type { RunRequest } from '../runs/RunRequest.js';
import type { Run, RunStatus } from './Run.js';

export type { Role, User } from './Accounts.js';
export type { Run, RunFile, RunProgressFigures, RunStatus } from './Run.js';
export { FINISHED_STATUSES } from './Run.js';

export interface Book {
  id: number;
  data: BookData;
  createdAt: string;
  updatedAt: string;
  /** Set when the book was archived (it had closed periods when it was removed); null while it is in use. */
  archivedAt: string | null;
}

/** A key as the picker weighs it: its calls per second and, if its plan caps the day, its daily quota. */
export interface KeyChoice {
  name: string;
  rate: number;
  dailyQuota?: number | undefined;
}

export interface Schedule {
  kind: RunRequest['kind'];
  cron: string;
  /** `UTC`, or the book's own zone. */
  zone: 'UTC' | 'book';
  templates: readonly string[];
  /** Last time (ISO) the schedule fired; missed ticks after it run once at start. */
  lastFiredAt: string | null;
}

export interface Share {
  id: string;
  runId: number;
  expiresAt: string;
  revokedAt: string | null;
}

/**
 * A correction made in the workspace (docs/ledger-rules.md, "Book rules"): the job file's rule shape, applied
 * after the job's own rules, in id order, in every later run and in the book's table.
 */
export interface BookRule {
  id: number;
  /** The job file's rule without `id`: `match` and the actions, as `resolveRules` reads them. */
  rule: Record<string, unknown>;
  reason: string;
  /** The user's name. */
  author: string;
  /** ISO instant. */
  created: string;
}

/**
 * A price entered by hand for the book (README, "Manual prices"): a line of the price file
 * every later run of the book gets (`time,chain,asset,currency,price`), found by the rows at or after `time`
 * within the book's maxAge.
 */
export interface BookPrice {
  id: number;
  /** ISO instant, seconds: `2025-03-01T12:00:00Z`. */
  time: string;
  chainId: number;
  /** `native` or a lowercase token contract. */
  asset: string;
  /** The book's currency when it was entered. */
  currency: string;
  /** A plain positive decimal, as entered. */
  price: string;
  /** The user's name. */
  author: string;
  /** ISO instant. */
  created: string;
}

/** One book's part in a night: its scheduled run that decides (`nightSummary`), with a deferral's reason and time. */
export interface NightBook {
  bookId: number;
  runId: number;
  status: RunStatus;
  /** A failure's message or a deferral's reason. */
  error: string | null;
  resumeAt: string | null;
}

/**
 * The scheduled runs of one night (the UTC day their schedules fired), one count per book: each book is counted once,
 * by the worst of its runs that night (failed, deferred, still going, differences, reconciled). `calls`: the API calls
 * of the night's runs per key name (`default` for the embedded workspace's one key).
 */
export interface NightSummary {
  night: string;
  books: number;
  reconciled: number;
  differences: number;
  failed: number;
  deferred: number;
  /** Queued or running still. */
  pending: number;
  calls: Record<string, number>;
  /** The first scheduled run of the night was created at (ISO). */
  firstAt: string;
  outcomes: NightBook[];
  /** The findings the night's runs held for the night's one alert (`alert`: its kind), in run order. */
  findings: { bookId: number; runId: number; alert: string }[];
}

/** Contract: what the nights of a firm need of the workspace data, beside the runs themselves (`SqlNights`). */
export interface Nights {
  /**
   * Counts one call of `keyName` on `day` (UTC `YYYY-MM-DD`) if fewer than `quota` were made: true when the call may
   * go. Atomic across processes, so the key never makes more than `quota` calls a day whatever the number of workers.
   */
  takeKeyCall(keyName: string, day: string, quota: number): Promise<boolean>;
  /** Calls counted per key on `day`. */
  keyCalls(day: string): Promise<Map<string, number>>;
  /** Deferred runs whose `resumeAt` has come by `now` (ISO), oldest first. */
  dueDeferredRuns(now: string): Promise<Run[]>;
  /** Queues a deferred run again; false when another process did first (or it is no longer deferred). */
  requeueDeferred(runId: number): Promise<boolean>;
  /** The night of the latest scheduled run, or null when no schedule has fired yet. */
  latest(): Promise<NightSummary | null>;
  /** True for the one process that claims the night's alert. */
  claimNightAlert(night: string, at: string): Promise<boolean>;
  /** Keeps the calls of a run's attempt (on `keyName`, begun at `startedAt`) before the next begins; once per attempt. */
  keepAttempt(runId: number, startedAt: string, keyName: string, calls: number): Promise<void>;
  /** Seconds the book's last finished run of `kind` (else of any kind) took; null when it has none. */
  expectedSeconds(bookId: number, kind: string): Promise<number | null>;
}

/**
 * A lot the book held before its first entry, entered by hand (an opening lot, the columns of `parseOpeningLots` as
 * entered): every later run of the book gets the book's as its opening lots file (`bookLotsFile`).
 */
export interface BookOpeningLot {
  id: number;
  /** '' under the universal scope, else the wallet holding it. */
  wallet: string;
  chainId: number;
  asset: string;
  /** '' for the chain's coin, else a lowercase token contract. */
  assetContract: string;
  lotId: string;
  /** An ISO 8601 instant, as entered. */
  acquiredAt: string;
  /** Whole units, as entered. */
  quantity: string;
  /** Book currency, as entered; '' when unknown (never 0 in its place). */
  cost: string;
  decimals: number;
  author: string;
  created: string;
}

/**
 * Contract: everything the workspace keeps apart from the books' stores and the run files (accounts, books,
 * runs, schedules, shares, the audit log). Every call is a promise, so no request and no worker waits on its
 * event loop for the database. One implementation, `SqlWorkspaceData`, serves SQLite (embedded) and PostgreSQL.
 */
export interface WorkspaceData extends Accounts {
  /** Append-only: who did what, when. */
  readonly audit: AuditLog;
  /** The keys' daily calls, deferred runs and the night summaries. */
  readonly nights: Nights;

  addBook(data: BookData, now: string): Promise<Book>;
  /** The books in use, or the archived ones with `archived`. */
  listBooks(archived?: boolean): Promise<Book[]>;
  getBook(id: number): Promise<Book | undefined>;
  /** The books of these ids (in use or archived), any order; an id without a book is left out. */
  booksWithIds(ids: readonly number[]): Promise<Book[]>;
  /** Every book the filter lets through with what the books list orders and filters it by, in one query (`bookListKeys`). */
  bookListKeys(filter: BookListFilter): Promise<BookListKey[]>;
  updateBook(id: number, data: BookData, now: string): Promise<Book | undefined>;
  removeBook(id: number): Promise<boolean>;
  /** Archives the book at `at`, or restores it with null; false when there is no such book. */
  setBookArchived(id: number, at: string | null): Promise<boolean>;

  /** The users assigned to the book (staff and clients), by name. */
  bookStaff(bookId: number): Promise<User[]>;
  /** Replaces the book's assigned users with `userIds`. */
  setBookStaff(bookId: number, userIds: readonly number[]): Promise<void>;
  /** The ids of the books the user is assigned to. */
  booksOfUser(userId: number): Promise<number[]>;

  /** The book's rules, oldest first: the order they apply in. */
  bookRules(bookId: number): Promise<BookRule[]>;
  addBookRule(bookId: number, rule: Omit<BookRule, 'id'>): Promise<BookRule>;
  /** False when the book has no such rule. */
  removeBookRule(bookId: number, ruleId: number): Promise<boolean>;

  /** The book's manual prices, oldest first: the order its price file lists them in. */
  bookPrices(bookId: number): Promise<BookPrice[]>;
  /** Saved in one transaction, in the given order: all or none. */
  addBookPrices(bookId: number, prices: readonly Omit<BookPrice, 'id'>[]): Promise<BookPrice[]>;
  /** False when the book has no such price. */
  removeBookPrice(bookId: number, priceId: number): Promise<boolean>;

  /** The book's opening lots, oldest first. */
  bookOpeningLots(bookId: number): Promise<BookOpeningLot[]>;
  addBookOpeningLot(bookId: number, lot: Omit<BookOpeningLot, 'id'>): Promise<BookOpeningLot>;
  /** False when the book has no such lot. */
  removeBookOpeningLot(bookId: number, lotId: number): Promise<boolean>;

  /**
   * Calls `listener` with the id of each run whose row or log changed, in whichever process (null: any may have
   * changed, read again); returns the unsubscribe. What the run's event stream pushes from.
   */
  onRunChange(listener: (runId: number | null) => void): () => void;
  addRun(bookId: number, request: RunRequest, trigger: Run['trigger'], now: string): Promise<Run>;
  getRun(id: number): Promise<Run | undefined>;
  /** The book's runs, newest first. */
  runsOfBook(bookId: number): Promise<Run[]>;
  /** Each book's runs, newest first, in one query (the books list): every id given is in the map. */
  runsOfBooks(bookIds: readonly number[]): Promise<Map<number, Run[]>>;
  /** Each book's runs the books list reads (`book_list_runs` and the last alert), newest first: what the list finds in them it finds in all the book's runs. */
  listedRunsOfBooks(bookIds: readonly number[]): Promise<Map<number, Run[]>>;
  /** Queued runs, oldest first. */
  queuedRuns(): Promise<Run[]>;
  runningRuns(): Promise<Run[]>;
  updateRun(
    id: number,
    change: Partial<Pick<Run, 'status' | 'progress' | 'summary' | 'error' | 'files' | 'startedAt' | 'finishedAt' | 'resumeAt'>>,
  ): Promise<void>;
  appendLog(id: number, line: string): Promise<void>;
  /** The run's log lines after the first `after` (default: all). */
  runLog(id: number, after?: number): Promise<string[]>;
  /** Asks the process running the run to stop it: it may be another process, which polls `stopRequested`. */
  requestStop(runId: number): Promise<void>;
  stopRequested(runId: number): Promise<boolean>;
  /**
   * Gives the run the key, among `keys`, with the fewest other `running` runs per call per second on it, leaving out
   * the keys whose daily quota is spent on `day` (UTC `YYYY-MM-DD`; ties: the first in `keys`), records it on the run
   * and returns its name; null when every key's quota is spent. Atomic across processes, so concurrent runs spread
   * over the keys by their rates.
   */
  assignApiKey(runId: number, keys: readonly KeyChoice[], day: string): Promise<string | null>;

  schedules(bookId: number): Promise<Schedule[]>;
  setSchedules(bookId: number, schedules: readonly Schedule[]): Promise<void>;
  /** The schedules of the books in use (an archived book's never fire). */
  allSchedules(): Promise<{ bookId: number; schedules: Schedule[] }[]>;
  /**
   * Sets the schedule's `lastFiredAt` to `firedAt` only if it still is `expected`; true for the one caller
   * whose update changed it. Several schedulers (one per process) read the same due tick: the one that wins
   * the claim enqueues, the others do nothing, so a tick fires once per cluster.
   */
  claimScheduleTick(bookId: number, kind: Schedule['kind'], expected: string | null, firedAt: string): Promise<boolean>;
  /**
   * `claimScheduleTick` and, for the winner, the tick's runs (`requests`, queued, created at `firedAt`) in one
   * transaction; null for a caller that lost the claim. A process killed after it leaves the tick's runs queued,
   * for its queue to take up; before it, the tick unclaimed, for another scheduler to fire.
   */
  fireScheduleTick(
    bookId: number,
    kind: Schedule['kind'],
    expected: string | null,
    firedAt: string,
    requests: readonly RunRequest[],
  ): Promise<Run[] | null>;

  addShare(share: Share, tokenHash: string): Promise<void>;
  shareByToken(tokenHash: string): Promise<Share | undefined>;
  revokeShare(id: string, now: string): Promise<boolean>;
  getShare(id: string): Promise<Share | undefined>;
  sharesOfRun(runId: number): Promise<(Share & { downloads: number })[]>;
  logShareDownload(shareId: string, file: string, at: string): Promise<void>;
  shareDownloads(shareId: string): Promise<{ file: string; at: string }[]>;

  close(): Promise<void>;
}

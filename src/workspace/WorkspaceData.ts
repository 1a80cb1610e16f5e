import type { BookData } from './BookData.js';
import type { RunFile } from '../runs/RunFile.js';
import type { RunRequest } from '../runs/RunRequest.js';

/**
 * Contract: everything the workspace keeps apart from the books' stores and the run files (users,
 * books, runs, schedules, shares). The embedded implementation is `SqliteWorkspaceData`; a server
 * and its queue depend only on this interface, so a database server can take its place.
 */
export type Role = 'admin' | 'viewer';

export interface User {
  id: number;
  name: string;
  role: Role;
}

export interface Book {
  id: number;
  data: BookData;
  createdAt: string;
  updatedAt: string;
}

export type RunStatus = 'queued' | 'running' | 'succeeded' | 'differences' | 'failed' | 'stopped';
export const FINISHED_STATUSES: readonly RunStatus[] = ['succeeded', 'differences', 'failed', 'stopped'];

/** Live figures of a run, the same the CLI's progress line shows. */
export interface RunProgressFigures {
  phase: 'queued' | 'sync' | 'files' | 'done';
  blocksPercent: number;
  receiptsDone: number;
  receiptsTotal: number;
  apiCalls: number;
  etaSeconds: number | null;
}

export type { RunFile } from '../runs/RunFile.js';

export interface Run {
  id: number;
  bookId: number;
  request: RunRequest;
  status: RunStatus;
  trigger: 'manual' | 'schedule';
  progress: RunProgressFigures;
  /** Short figures once done: rows per template, API calls, differences. */
  summary: Record<string, number | string> | null;
  error: string | null;
  files: RunFile[];
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** The NAME of the API key the run was given (`assignApiKey`), never the key itself; null until assigned. */
  apiKeyName: string | null;
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

export interface WorkspaceData {
  addUser(name: string, role: Role, passwordHash: string): User;
  listUsers(): User[];
  removeUser(name: string): boolean;
  findUser(name: string): (User & { passwordHash: string }) | undefined;
  userById(id: number): User | undefined;
  addToken(userId: number, tokenHash: string): void;
  userByToken(tokenHash: string): User | undefined;
  addSession(userId: number, sessionHash: string, expiresAt: string): void;
  userBySession(sessionHash: string, now: string): User | undefined;
  removeSession(sessionHash: string): void;

  addBook(data: BookData, now: string): Book;
  listBooks(): Book[];
  getBook(id: number): Book | undefined;
  updateBook(id: number, data: BookData, now: string): Book | undefined;
  removeBook(id: number): boolean;

  addRun(bookId: number, request: RunRequest, trigger: Run['trigger'], now: string): Run;
  getRun(id: number): Run | undefined;
  runsOfBook(bookId: number): Run[];
  /** Queued runs, oldest first. */
  queuedRuns(): Run[];
  runningRuns(): Run[];
  updateRun(id: number, change: Partial<Pick<Run, 'status' | 'progress' | 'summary' | 'error' | 'files' | 'startedAt' | 'finishedAt'>>): void;
  appendLog(id: number, line: string): void;
  runLog(id: number): string[];
  /** Asks the process running the run to stop it: it may be another process, which polls `stopRequested`. */
  requestStop(runId: number): void;
  stopRequested(runId: number): boolean;
  /**
   * Gives the run the key, among `names`, with the fewest other `running` runs on it (ties: the first in
   * `names`), records it on the run and returns it. Atomic across processes, so concurrent runs spread evenly.
   */
  assignApiKey(runId: number, names: readonly string[]): string;

  schedules(bookId: number): Schedule[];
  setSchedules(bookId: number, schedules: readonly Schedule[]): void;
  allSchedules(): { bookId: number; schedules: Schedule[] }[];
  /**
   * Sets the schedule's `lastFiredAt` to `firedAt` only if it still is `expected`; true for the one caller
   * whose update changed it. Several schedulers (one per process) read the same due tick: the one that wins
   * the claim enqueues, the others do nothing, so a tick fires once per cluster.
   */
  claimScheduleTick(bookId: number, kind: Schedule['kind'], expected: string | null, firedAt: string): boolean;

  addShare(share: Share, tokenHash: string): void;
  shareByToken(tokenHash: string): Share | undefined;
  revokeShare(id: string, now: string): boolean;
  getShare(id: string): Share | undefined;
  sharesOfRun(runId: number): (Share & { downloads: number })[];
  logShareDownload(shareId: string, file: string, at: string): void;
  shareDownloads(shareId: string): { file: string; at: string }[];

  close(): void;
}

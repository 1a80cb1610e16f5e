import type { Generated, GeneratedAlways } from 'kysely';
import type { BookData } from './BookData.js';
import type { RunRequest } from '../runs/RunRequest.js';
import { storedSummary } from '../runs/runSummary.js';
import type { Book, BookOpeningLot, BookPrice, BookRule, Role, Run, RunProgressFigures, Schedule, Share } from './WorkspaceData.js';

/**
 * The rows both workspace databases store (same columns, JSON as text, instants as ISO text) and their
 * conversion to records, shared so that SQLite and PostgreSQL return identical objects.
 */
export interface BookRow {
  id: number;
  data: string;
  created_at: string;
  updated_at: string;
  archived_at: string | null;
}

export interface RunRow {
  id: number;
  book_id: number;
  request: string;
  status: Run['status'];
  trigger: Run['trigger'];
  progress: string;
  summary: string | null;
  error: string | null;
  files: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  api_key_name: string | null;
  resume_at: string | null;
}

export interface ScheduleRow {
  book_id: number;
  kind: Schedule['kind'];
  cron: string;
  zone: Schedule['zone'];
  templates: string;
  last_fired_at: string | null;
}

export interface ShareRow {
  id: string;
  run_id: number;
  expires_at: string;
  revoked_at: string | null;
}

/** An audit log entry (`SqlAuditLog`); before and after are JSON text. */
export interface AuditRow {
  id: number;
  at: string;
  user_id: number | null;
  user_name: string | null;
  via: string;
  action: string;
  book_id: number | null;
  target: string;
  before_json: string | null;
  after_json: string | null;
}

export interface BookPriceRow {
  id: number;
  time: string;
  chain_id: number;
  asset: string;
  currency: string;
  price: string;
  author: string;
  created_at: string;
}

export interface BookOpeningLotRow {
  id: number;
  wallet: string;
  chain_id: number;
  asset: string;
  asset_contract: string;
  lot_id: string;
  acquired_at: string;
  quantity: string;
  cost: string;
  decimals: number;
  author: string;
  created_at: string;
}

/** The workspace's tables as the query builder sees them, one description for SQLite and PostgreSQL. */
export interface WorkspaceTables {
  users: { id: Generated<number>; name: string; role: Role; password_hash: string };
  tokens: { token_hash: string; user_id: number };
  sessions: { session_hash: string; user_id: number; expires_at: string };
  /** `name` and `timezone`: `data`'s members, written by the database (workspace 0020, postgres 0027), for the books list. */
  books: Omit<BookRow, 'id'> & { id: Generated<number>; name: GeneratedAlways<string | null>; timezone: GeneratedAlways<string | null> };
  /** stop_requested: an integer on SQLite, a boolean on PostgreSQL; written as 1, which both take. */
  runs: Omit<RunRow, 'id' | 'files' | 'api_key_name' | 'resume_at'> & {
    id: Generated<number>;
    files: Generated<string>;
    api_key_name: Generated<string | null>;
    resume_at: Generated<string | null>;
    stop_requested: Generated<number | boolean>;
  };
  /**
   * The books list's keys of a book as the runs of `book_list_runs` give them, kept by the database's triggers on
   * `runs` (workspace 0018, postgres 0024); the JSON members as read (`holdings`, `basis_issues`: numbers or text on SQLite).
   */
  book_list_keys: {
    book_id: number;
    last_run_at: string | null;
    reconcile_status: string | null;
    holdings: string | number | null;
    basis_issues: string | number | null;
    period: string | null;
  };
  /**
   * A view: the ids of the runs a book's row of the books list reads but the alert's (`listedRunsOfBooks`; workspace
   * 0019, postgres 0026), each the newest of the book's runs passing one test.
   */
  book_list_runs: { book_id: number; newest: number | null; reconcile: number | null; basis: number | null; period: number | null };
  run_log: { seq: Generated<number>; run_id: number; line: string };
  schedules: ScheduleRow;
  shares: ShareRow & { token_hash: string };
  share_downloads: { share_id: string; file: string; at: string };
  book_staff: { book_id: number; user_id: number };
  book_rules: { id: Generated<number>; book_id: number; rule: string; reason: string; author: string; created_at: string };
  book_prices: Omit<BookPriceRow, 'id'> & { id: Generated<number>; book_id: number };
  book_opening_lots: Omit<BookOpeningLotRow, 'id'> & { id: Generated<number>; book_id: number };
  /** The database's clock fills `at`. */
  audit_log: Omit<AuditRow, 'id' | 'at'> & { id: Generated<number>; at: Generated<string> };
  key_days: { key_name: string; day: string; calls: number | string };
  run_attempts: { run_id: number; started_at: string; key_name: string; calls: number | string };
  nights_alerted: { night: string; at: string };
}

export const QUEUED_PROGRESS: RunProgressFigures = {
  phase: 'queued',
  blocksPercent: 0,
  receiptsDone: 0,
  receiptsTotal: 0,
  apiCalls: 0,
  etaSeconds: null,
};

export type RunChange = Partial<Pick<Run, 'status' | 'progress' | 'summary' | 'error' | 'files' | 'startedAt' | 'finishedAt' | 'resumeAt'>>;

const RUN_COLUMNS: Record<string, string> = {
  status: 'status',
  progress: 'progress',
  summary: 'summary',
  error: 'error',
  files: 'files',
  startedAt: 'started_at',
  finishedAt: 'finished_at',
  resumeAt: 'resume_at',
};

/** The columns a run change sets and their stored values (JSON fields as text). */
export function runChangeColumns(
  change: RunChange,
): Partial<Pick<RunRow, 'status' | 'progress' | 'summary' | 'error' | 'files' | 'started_at' | 'finished_at' | 'resume_at'>> {
  return Object.fromEntries(
    Object.entries(change)
      .filter(([key, value]) => key in RUN_COLUMNS && value !== undefined)
      .map(([key, value]) => [RUN_COLUMNS[key] as string, value === null || typeof value === 'string' ? value : JSON.stringify(value)]),
  );
}

export function toBook(row: BookRow): Book {
  return {
    id: row.id,
    data: JSON.parse(row.data) as BookData,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    archivedAt: row.archived_at,
  };
}

export function toRun(row: RunRow): Run {
  const request = JSON.parse(row.request) as RunRequest;
  return {
    id: row.id,
    bookId: row.book_id,
    request,
    status: row.status,
    trigger: row.trigger,
    progress: JSON.parse(row.progress) as RunProgressFigures,
    summary: row.summary === null ? null : storedSummary({ id: row.id, request, status: row.status }, JSON.parse(row.summary)),
    error: row.error,
    files: JSON.parse(row.files) as Run['files'],
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    apiKeyName: row.api_key_name,
    resumeAt: row.resume_at,
  };
}

export function toSchedule(row: ScheduleRow): Schedule {
  return {
    kind: row.kind,
    cron: row.cron,
    zone: row.zone,
    templates: JSON.parse(row.templates) as string[],
    lastFiredAt: row.last_fired_at,
  };
}

export function toShare(row: ShareRow): Share {
  return { id: row.id, runId: row.run_id, expiresAt: row.expires_at, revokedAt: row.revoked_at };
}

/** Schedules rows (ordered by book) grouped per book, as `allSchedules` returns them. */
export function schedulesByBook(rows: readonly ScheduleRow[]): { bookId: number; schedules: Schedule[] }[] {
  const byBook = new Map<number, Schedule[]>();
  for (const row of rows) byBook.set(row.book_id, [...(byBook.get(row.book_id) ?? []), toSchedule(row)]);
  return [...byBook].map(([bookId, schedules]) => ({ bookId, schedules }));
}

/** The `lastFiredAt` a saved schedule keeps: an unchanged expression keeps its last firing, so saving the page does not re-run missed ticks. */
export function keptLastFired(previous: Schedule | undefined, schedule: Schedule): string | null {
  return previous !== undefined && previous.cron === schedule.cron && previous.zone === schedule.zone
    ? previous.lastFiredAt
    : schedule.lastFiredAt;
}

export function toBookRule(row: { id: number; rule: string; reason: string; author: string; created_at: string }): BookRule {
  return {
    id: Number(row.id),
    rule: JSON.parse(row.rule) as BookRule['rule'],
    reason: row.reason,
    author: row.author,
    created: row.created_at,
  };
}

export function toBookPrice(row: BookPriceRow): BookPrice {
  return {
    id: Number(row.id),
    time: row.time,
    chainId: Number(row.chain_id),
    asset: row.asset,
    currency: row.currency,
    price: row.price,
    author: row.author,
    created: row.created_at,
  };
}

export function toBookOpeningLot(row: BookOpeningLotRow): BookOpeningLot {
  return {
    id: Number(row.id),
    wallet: row.wallet,
    chainId: Number(row.chain_id),
    asset: row.asset,
    assetContract: row.asset_contract,
    lotId: row.lot_id,
    acquiredAt: row.acquired_at,
    quantity: row.quantity,
    cost: row.cost,
    decimals: Number(row.decimals),
    author: row.author,
    created: row.created_at,
  };
}

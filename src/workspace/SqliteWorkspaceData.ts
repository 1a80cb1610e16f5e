import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { InputError } from '../errors/LedgerscanError.js';
import type { BookData } from './BookData.js';
import type { RunRequest } from './RunRequest.js';
import type { Book, Role, Run, RunProgressFigures, Schedule, Share, User, WorkspaceData } from './WorkspaceData.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS users (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, role TEXT NOT NULL, password_hash TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tokens (token_hash TEXT PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE);
CREATE TABLE IF NOT EXISTS sessions (session_hash TEXT PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE, expires_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS books (id INTEGER PRIMARY KEY, data TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS runs (
  id INTEGER PRIMARY KEY, book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE, request TEXT NOT NULL,
  status TEXT NOT NULL, trigger TEXT NOT NULL, progress TEXT NOT NULL, summary TEXT, error TEXT, files TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL, started_at TEXT, finished_at TEXT);
CREATE INDEX IF NOT EXISTS runs_by_book ON runs (book_id, id);
CREATE INDEX IF NOT EXISTS runs_by_status ON runs (status, id);
CREATE TABLE IF NOT EXISTS run_log (run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE, seq INTEGER PRIMARY KEY, line TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS schedules (
  book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE, kind TEXT NOT NULL, cron TEXT NOT NULL, zone TEXT NOT NULL,
  templates TEXT NOT NULL, last_fired_at TEXT, PRIMARY KEY (book_id, kind));
CREATE TABLE IF NOT EXISTS shares (
  id TEXT PRIMARY KEY, token_hash TEXT NOT NULL UNIQUE, run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  expires_at TEXT NOT NULL, revoked_at TEXT);
CREATE TABLE IF NOT EXISTS share_downloads (share_id TEXT NOT NULL REFERENCES shares(id) ON DELETE CASCADE, file TEXT NOT NULL, at TEXT NOT NULL);
`;

interface RunRow {
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
}

interface ShareRow {
  id: string;
  run_id: number;
  expires_at: string;
  revoked_at: string | null;
}

/** The embedded `WorkspaceData`: one SQLite file (WAL) in the data dir, `workspace.db`. */
export class SqliteWorkspaceData implements WorkspaceData {
  private readonly db: Database.Database;

  constructor(file: string) {
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      this.db = new Database(file);
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = NORMAL');
      this.db.pragma('busy_timeout = 5000');
      this.db.pragma('foreign_keys = ON');
      this.db.exec(SCHEMA);
    } catch (cause) {
      throw new InputError('cannot open the workspace database', { details: { path: file, fix: 'point --data at a writable folder' }, cause });
    }
  }

  addUser(name: string, role: Role, passwordHash: string): User {
    try {
      const id = Number(this.db.prepare('INSERT INTO users (name, role, password_hash) VALUES (?, ?, ?)').run(name, role, passwordHash).lastInsertRowid);
      return { id, name, role };
    } catch (cause) {
      throw new InputError(`user ${JSON.stringify(name)} already exists`, { details: { fix: 'pick another name, or remove the user first' }, cause });
    }
  }

  listUsers(): User[] {
    return this.db.prepare('SELECT id, name, role FROM users ORDER BY name').all() as User[];
  }

  removeUser(name: string): boolean {
    return this.db.prepare('DELETE FROM users WHERE name = ?').run(name).changes > 0;
  }

  findUser(name: string): (User & { passwordHash: string }) | undefined {
    return this.db.prepare('SELECT id, name, role, password_hash AS passwordHash FROM users WHERE name = ?').get(name) as (User & { passwordHash: string }) | undefined;
  }

  userById(id: number): User | undefined {
    return this.db.prepare('SELECT id, name, role FROM users WHERE id = ?').get(id) as User | undefined;
  }

  addToken(userId: number, tokenHash: string): void {
    this.db.prepare('INSERT INTO tokens (token_hash, user_id) VALUES (?, ?)').run(tokenHash, userId);
  }

  userByToken(tokenHash: string): User | undefined {
    return this.db.prepare('SELECT u.id, u.name, u.role FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ?').get(tokenHash) as User | undefined;
  }

  addSession(userId: number, sessionHash: string, expiresAt: string): void {
    this.db.prepare('INSERT INTO sessions (session_hash, user_id, expires_at) VALUES (?, ?, ?)').run(sessionHash, userId, expiresAt);
  }

  userBySession(sessionHash: string, now: string): User | undefined {
    return this.db
      .prepare('SELECT u.id, u.name, u.role FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.session_hash = ? AND s.expires_at > ?')
      .get(sessionHash, now) as User | undefined;
  }

  removeSession(sessionHash: string): void {
    this.db.prepare('DELETE FROM sessions WHERE session_hash = ?').run(sessionHash);
  }

  addBook(data: BookData, now: string): Book {
    const id = Number(this.db.prepare('INSERT INTO books (data, created_at, updated_at) VALUES (?, ?, ?)').run(JSON.stringify(data), now, now).lastInsertRowid);
    return { id, data, createdAt: now, updatedAt: now };
  }

  listBooks(): Book[] {
    return (this.db.prepare('SELECT * FROM books ORDER BY id').all() as BookRow[]).map(toBook);
  }

  getBook(id: number): Book | undefined {
    const row = this.db.prepare('SELECT * FROM books WHERE id = ?').get(id) as BookRow | undefined;
    return row === undefined ? undefined : toBook(row);
  }

  updateBook(id: number, data: BookData, now: string): Book | undefined {
    this.db.prepare('UPDATE books SET data = ?, updated_at = ? WHERE id = ?').run(JSON.stringify(data), now, id);
    return this.getBook(id);
  }

  removeBook(id: number): boolean {
    return this.db.prepare('DELETE FROM books WHERE id = ?').run(id).changes > 0;
  }

  addRun(bookId: number, request: RunRequest, trigger: Run['trigger'], now: string): Run {
    const progress: RunProgressFigures = { phase: 'queued', blocksPercent: 0, receiptsDone: 0, receiptsTotal: 0, apiCalls: 0, etaSeconds: null };
    const id = Number(
      this.db
        .prepare("INSERT INTO runs (book_id, request, status, trigger, progress, created_at) VALUES (?, ?, 'queued', ?, ?, ?)")
        .run(bookId, JSON.stringify(request), trigger, JSON.stringify(progress), now).lastInsertRowid,
    );
    return this.getRun(id) as Run;
  }

  getRun(id: number): Run | undefined {
    const row = this.db.prepare('SELECT * FROM runs WHERE id = ?').get(id) as RunRow | undefined;
    return row === undefined ? undefined : toRun(row);
  }

  runsOfBook(bookId: number): Run[] {
    return (this.db.prepare('SELECT * FROM runs WHERE book_id = ? ORDER BY id DESC').all(bookId) as RunRow[]).map(toRun);
  }

  queuedRuns(): Run[] {
    return (this.db.prepare("SELECT * FROM runs WHERE status = 'queued' ORDER BY id").all() as RunRow[]).map(toRun);
  }

  runningRuns(): Run[] {
    return (this.db.prepare("SELECT * FROM runs WHERE status = 'running' ORDER BY id").all() as RunRow[]).map(toRun);
  }

  updateRun(id: number, change: Partial<Pick<Run, 'status' | 'progress' | 'summary' | 'error' | 'files' | 'startedAt' | 'finishedAt'>>): void {
    const columns: Record<string, string> = {
      status: 'status', progress: 'progress', summary: 'summary', error: 'error', files: 'files', startedAt: 'started_at', finishedAt: 'finished_at',
    };
    const entries = Object.entries(change).filter(([key]) => key in columns);
    if (entries.length === 0) return;
    const sets = entries.map(([key]) => `${columns[key]} = ?`).join(', ');
    const values = entries.map(([, value]) => (value === null || typeof value === 'string' ? value : JSON.stringify(value)));
    this.db.prepare(`UPDATE runs SET ${sets} WHERE id = ?`).run(...values, id);
  }

  appendLog(id: number, line: string): void {
    this.db.prepare('INSERT INTO run_log (run_id, line) VALUES (?, ?)').run(id, line);
  }

  runLog(id: number): string[] {
    return (this.db.prepare('SELECT line FROM run_log WHERE run_id = ? ORDER BY seq').all(id) as { line: string }[]).map((row) => row.line);
  }

  schedules(bookId: number): Schedule[] {
    return (this.db.prepare('SELECT * FROM schedules WHERE book_id = ? ORDER BY kind').all(bookId) as ScheduleRow[]).map(toSchedule);
  }

  setSchedules(bookId: number, schedules: readonly Schedule[]): void {
    this.db.transaction(() => {
      const kept = new Map(this.schedules(bookId).map((schedule) => [schedule.kind, schedule]));
      this.db.prepare('DELETE FROM schedules WHERE book_id = ?').run(bookId);
      const insert = this.db.prepare('INSERT INTO schedules (book_id, kind, cron, zone, templates, last_fired_at) VALUES (?, ?, ?, ?, ?, ?)');
      for (const schedule of schedules) {
        // An unchanged expression keeps its last firing, so saving the page does not re-run missed ticks.
        const previous = kept.get(schedule.kind);
        const lastFired = previous !== undefined && previous.cron === schedule.cron && previous.zone === schedule.zone ? previous.lastFiredAt : schedule.lastFiredAt;
        insert.run(bookId, schedule.kind, schedule.cron, schedule.zone, JSON.stringify(schedule.templates), lastFired);
      }
    })();
  }

  allSchedules(): { bookId: number; schedules: Schedule[] }[] {
    const rows = this.db.prepare('SELECT * FROM schedules ORDER BY book_id, kind').all() as ScheduleRow[];
    const byBook = new Map<number, Schedule[]>();
    for (const row of rows) byBook.set(row.book_id, [...(byBook.get(row.book_id) ?? []), toSchedule(row)]);
    return [...byBook].map(([bookId, schedules]) => ({ bookId, schedules }));
  }

  markScheduleFired(bookId: number, kind: Schedule['kind'], at: string): void {
    this.db.prepare('UPDATE schedules SET last_fired_at = ? WHERE book_id = ? AND kind = ?').run(at, bookId, kind);
  }

  addShare(share: Share, tokenHash: string): void {
    this.db.prepare('INSERT INTO shares (id, token_hash, run_id, expires_at, revoked_at) VALUES (?, ?, ?, ?, ?)').run(share.id, tokenHash, share.runId, share.expiresAt, share.revokedAt);
  }

  shareByToken(tokenHash: string): Share | undefined {
    const row = this.db.prepare('SELECT id, run_id, expires_at, revoked_at FROM shares WHERE token_hash = ?').get(tokenHash) as ShareRow | undefined;
    return row === undefined ? undefined : toShare(row);
  }

  getShare(id: string): Share | undefined {
    const row = this.db.prepare('SELECT id, run_id, expires_at, revoked_at FROM shares WHERE id = ?').get(id) as ShareRow | undefined;
    return row === undefined ? undefined : toShare(row);
  }

  sharesOfRun(runId: number): (Share & { downloads: number })[] {
    const rows = this.db
      .prepare('SELECT s.id, s.run_id, s.expires_at, s.revoked_at, (SELECT COUNT(*) FROM share_downloads d WHERE d.share_id = s.id) AS downloads FROM shares s WHERE s.run_id = ? ORDER BY s.rowid')
      .all(runId) as (ShareRow & { downloads: number })[];
    return rows.map((row) => ({ ...toShare(row), downloads: row.downloads }));
  }

  revokeShare(id: string, now: string): boolean {
    return this.db.prepare('UPDATE shares SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(now, id).changes > 0;
  }

  logShareDownload(shareId: string, file: string, at: string): void {
    this.db.prepare('INSERT INTO share_downloads (share_id, file, at) VALUES (?, ?, ?)').run(shareId, file, at);
  }

  shareDownloads(shareId: string): { file: string; at: string }[] {
    return this.db.prepare('SELECT file, at FROM share_downloads WHERE share_id = ? ORDER BY rowid').all(shareId) as { file: string; at: string }[];
  }

  close(): void {
    this.db.close();
  }
}

interface BookRow {
  id: number;
  data: string;
  created_at: string;
  updated_at: string;
}

interface ScheduleRow {
  book_id: number;
  kind: Schedule['kind'];
  cron: string;
  zone: Schedule['zone'];
  templates: string;
  last_fired_at: string | null;
}

function toBook(row: BookRow): Book {
  return { id: row.id, data: JSON.parse(row.data) as BookData, createdAt: row.created_at, updatedAt: row.updated_at };
}

function toRun(row: RunRow): Run {
  return {
    id: row.id,
    bookId: row.book_id,
    request: JSON.parse(row.request) as RunRequest,
    status: row.status,
    trigger: row.trigger,
    progress: JSON.parse(row.progress) as RunProgressFigures,
    summary: row.summary === null ? null : (JSON.parse(row.summary) as Run['summary']),
    error: row.error,
    files: JSON.parse(row.files) as Run['files'],
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

function toSchedule(row: ScheduleRow): Schedule {
  return { kind: row.kind, cron: row.cron, zone: row.zone, templates: JSON.parse(row.templates) as string[], lastFiredAt: row.last_fired_at };
}

function toShare(row: ShareRow): Share {
  return { id: row.id, runId: row.run_id, expiresAt: row.expires_at, revokedAt: row.revoked_at };
}

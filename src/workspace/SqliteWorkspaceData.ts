import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { InputError } from '../errors/LedgerscanError.js';
import type { BookData } from './BookData.js';
import type { RunRequest } from '../runs/RunRequest.js';
import type { Book, Role, Run, Schedule, Share, User, WorkspaceData } from './WorkspaceData.js';
import type { BookRow, RunChange, RunRow, ScheduleRow, ShareRow } from './workspaceRows.js';
import { keptLastFired, leastUsedKey, QUEUED_PROGRESS, runChangeColumns, schedulesByBook, toBook, toRun, toSchedule, toShare } from './workspaceRows.js';

/**
 * Numbered schema steps; step N brings `user_version` from N-1 to N. Append only: a step that shipped is
 * never edited. Step 1 is the first schema, written with IF NOT EXISTS because files made before the steps
 * were numbered hold it at version 0.
 */
export const SQLITE_WORKSPACE_STEPS: readonly string[] = [
  `
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
`,
  `
ALTER TABLE runs ADD COLUMN stop_requested INTEGER NOT NULL DEFAULT 0;
ALTER TABLE runs ADD COLUMN api_key_name TEXT;
`,
];

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
      this.migrate(file);
    } catch (cause) {
      if (cause instanceof InputError) throw cause;
      throw new InputError('cannot open the workspace database', { details: { path: file, fix: 'point --data at a writable folder' }, cause });
    }
  }

  /** Runs the steps the file has not run, each with its version in one immediate transaction, so two processes opening it at once upgrade it once. */
  private migrate(file: string): void {
    const version = (): number => this.db.pragma('user_version', { simple: true }) as number;
    const found = version();
    if (found > SQLITE_WORKSPACE_STEPS.length) {
      this.db.close();
      throw new InputError('the workspace database was written by a newer ledgerscan', {
        details: { path: file, schemaVersion: found, supported: SQLITE_WORKSPACE_STEPS.length, fix: 'upgrade ledgerscan' },
      });
    }
    const step = this.db.transaction(() => {
      const current = version();
      if (current >= SQLITE_WORKSPACE_STEPS.length) return false;
      this.db.exec(SQLITE_WORKSPACE_STEPS[current] as string);
      this.db.pragma(`user_version = ${current + 1}`);
      return true;
    });
    let stepped = true;
    while (stepped) stepped = step.immediate();
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
    const id = Number(
      this.db
        .prepare("INSERT INTO runs (book_id, request, status, trigger, progress, created_at) VALUES (?, ?, 'queued', ?, ?, ?)")
        .run(bookId, JSON.stringify(request), trigger, JSON.stringify(QUEUED_PROGRESS), now).lastInsertRowid,
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

  updateRun(id: number, change: RunChange): void {
    const { columns, values } = runChangeColumns(change);
    if (columns.length === 0) return;
    this.db.prepare(`UPDATE runs SET ${columns.map((column) => `${column} = ?`).join(', ')} WHERE id = ?`).run(...values, id);
  }

  appendLog(id: number, line: string): void {
    this.db.prepare('INSERT INTO run_log (run_id, line) VALUES (?, ?)').run(id, line);
  }

  runLog(id: number): string[] {
    return (this.db.prepare('SELECT line FROM run_log WHERE run_id = ? ORDER BY seq').all(id) as { line: string }[]).map((row) => row.line);
  }

  requestStop(runId: number): void {
    this.db.prepare('UPDATE runs SET stop_requested = 1 WHERE id = ?').run(runId);
  }

  stopRequested(runId: number): boolean {
    const row = this.db.prepare('SELECT stop_requested FROM runs WHERE id = ?').get(runId) as { stop_requested: number } | undefined;
    return row?.stop_requested === 1;
  }

  assignApiKey(runId: number, names: readonly string[]): string {
    // IMMEDIATE takes the write lock before the count, so processes sharing the file pick one after another.
    return this.db
      .transaction(() => {
        const counts = this.db.prepare("SELECT api_key_name AS name, COUNT(*) AS running FROM runs WHERE status = 'running' AND id <> ? AND api_key_name IS NOT NULL GROUP BY api_key_name").all(runId) as { name: string; running: number }[];
        const name = leastUsedKey(names, counts);
        this.db.prepare('UPDATE runs SET api_key_name = ? WHERE id = ?').run(name, runId);
        return name;
      })
      .immediate();
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
        insert.run(bookId, schedule.kind, schedule.cron, schedule.zone, JSON.stringify(schedule.templates), keptLastFired(kept.get(schedule.kind), schedule));
      }
    })();
  }

  allSchedules(): { bookId: number; schedules: Schedule[] }[] {
    return schedulesByBook(this.db.prepare('SELECT * FROM schedules ORDER BY book_id, kind').all() as ScheduleRow[]);
  }

  claimScheduleTick(bookId: number, kind: Schedule['kind'], expected: string | null, firedAt: string): boolean {
    return this.db.prepare('UPDATE schedules SET last_fired_at = ? WHERE book_id = ? AND kind = ? AND last_fired_at IS ?').run(firedAt, bookId, kind, expected).changes === 1;
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

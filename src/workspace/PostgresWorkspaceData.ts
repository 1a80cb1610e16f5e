import { InputError, LedgerscanError } from '../errors/LedgerscanError.js';
import type { BlockingPostgres } from '../db/postgres/BlockingPostgres.js';
import { openPostgresDatabase } from '../db/postgres/openPostgresDatabase.js';
import type { BookData } from './BookData.js';
import type { RunRequest } from './RunRequest.js';
import type { Book, Role, Run, Schedule, Share, User, WorkspaceData } from './WorkspaceData.js';
import type { BookRow, RunChange, RunRow, ScheduleRow, ShareRow } from './workspaceRows.js';
import { keptLastFired, leastUsedKey, QUEUED_PROGRESS, runChangeColumns, schedulesByBook, toBook, toRun, toSchedule, toShare } from './workspaceRows.js';

const UNIQUE_VIOLATION = '23505';

/** One lock for every key assignment in the cluster: a pick reads every running run's key, so picks go one at a time. */
const KEY_ASSIGNMENT_LOCK = "SELECT pg_advisory_xact_lock(hashtext('ledgerscan api key assignment'))";

const USER = "json_build_object('id', id, 'name', name, 'role', role)";

/**
 * The workspace data on PostgreSQL, for the distributed mode: the same tables as `SqliteWorkspaceData` in the
 * shared `ledgerscan` schema, so the server, every worker and the scheduler of each see one workspace. It
 * keeps the interface synchronous through `BlockingPostgres`, as the PostgreSQL store does, so the server
 * and queue code are the same on both. Rows are read as JSON objects (`row_to_json`) with SQLite's column
 * names and go through the same conversions, so both return identical records.
 */
export class PostgresWorkspaceData implements WorkspaceData {
  private readonly db: BlockingPostgres;

  /** Connects and migrates the schema (see `openPostgresDatabase`); the URL's password never reaches a message. */
  constructor(url: string, options: { log?: (line: string) => void } = {}) {
    this.db = openPostgresDatabase(url, options);
  }

  addUser(name: string, role: Role, passwordHash: string): User {
    try {
      const id = this.one<number>('INSERT INTO users (name, role, password_hash) VALUES ($1, $2, $3) RETURNING id', name, role, passwordHash) as number;
      return { id, name, role };
    } catch (cause) {
      if (!(cause instanceof LedgerscanError) || cause.details.code !== UNIQUE_VIOLATION) throw cause;
      throw new InputError(`user ${JSON.stringify(name)} already exists`, { details: { fix: 'pick another name, or remove the user first' }, cause });
    }
  }

  listUsers(): User[] {
    return this.all<User>(`SELECT ${USER} FROM users ORDER BY name`);
  }

  removeUser(name: string): boolean {
    return this.all('DELETE FROM users WHERE name = $1 RETURNING id', name).length > 0;
  }

  findUser(name: string): (User & { passwordHash: string }) | undefined {
    return this.one("SELECT json_build_object('id', id, 'name', name, 'role', role, 'passwordHash', password_hash) FROM users WHERE name = $1", name);
  }

  userById(id: number): User | undefined {
    return this.one(`SELECT ${USER} FROM users WHERE id = $1`, id);
  }

  addToken(userId: number, tokenHash: string): void {
    this.run('INSERT INTO tokens (token_hash, user_id) VALUES ($1, $2)', tokenHash, userId);
  }

  userByToken(tokenHash: string): User | undefined {
    return this.one(`SELECT ${USER} FROM users WHERE id = (SELECT user_id FROM tokens WHERE token_hash = $1)`, tokenHash);
  }

  addSession(userId: number, sessionHash: string, expiresAt: string): void {
    this.run('INSERT INTO sessions (session_hash, user_id, expires_at) VALUES ($1, $2, $3)', sessionHash, userId, expiresAt);
  }

  userBySession(sessionHash: string, now: string): User | undefined {
    return this.one(`SELECT ${USER} FROM users WHERE id = (SELECT user_id FROM sessions WHERE session_hash = $1 AND expires_at > $2)`, sessionHash, now);
  }

  removeSession(sessionHash: string): void {
    this.run('DELETE FROM sessions WHERE session_hash = $1', sessionHash);
  }

  addBook(data: BookData, now: string): Book {
    const id = this.one<number>('INSERT INTO books (data, created_at, updated_at) VALUES ($1, $2, $2) RETURNING id', JSON.stringify(data), now) as number;
    return { id, data, createdAt: now, updatedAt: now };
  }

  listBooks(): Book[] {
    return this.all<BookRow>('SELECT row_to_json(books) FROM books ORDER BY id').map(toBook);
  }

  getBook(id: number): Book | undefined {
    const row = this.one<BookRow>('SELECT row_to_json(books) FROM books WHERE id = $1', id);
    return row === undefined ? undefined : toBook(row);
  }

  updateBook(id: number, data: BookData, now: string): Book | undefined {
    const row = this.one<BookRow>('UPDATE books SET data = $1, updated_at = $2 WHERE id = $3 RETURNING row_to_json(books)', JSON.stringify(data), now, id);
    return row === undefined ? undefined : toBook(row);
  }

  removeBook(id: number): boolean {
    return this.all('DELETE FROM books WHERE id = $1 RETURNING id', id).length > 0;
  }

  addRun(bookId: number, request: RunRequest, trigger: Run['trigger'], now: string): Run {
    return toRun(
      this.one<RunRow>(
        "INSERT INTO runs (book_id, request, status, trigger, progress, created_at) VALUES ($1, $2, 'queued', $3, $4, $5) RETURNING row_to_json(runs)",
        bookId, JSON.stringify(request), trigger, JSON.stringify(QUEUED_PROGRESS), now,
      ) as RunRow,
    );
  }

  getRun(id: number): Run | undefined {
    const row = this.one<RunRow>('SELECT row_to_json(runs) FROM runs WHERE id = $1', id);
    return row === undefined ? undefined : toRun(row);
  }

  runsOfBook(bookId: number): Run[] {
    return this.all<RunRow>('SELECT row_to_json(runs) FROM runs WHERE book_id = $1 ORDER BY id DESC', bookId).map(toRun);
  }

  queuedRuns(): Run[] {
    return this.all<RunRow>("SELECT row_to_json(runs) FROM runs WHERE status = 'queued' ORDER BY id").map(toRun);
  }

  runningRuns(): Run[] {
    return this.all<RunRow>("SELECT row_to_json(runs) FROM runs WHERE status = 'running' ORDER BY id").map(toRun);
  }

  updateRun(id: number, change: RunChange): void {
    const { columns, values } = runChangeColumns(change);
    if (columns.length === 0) return;
    this.run(`UPDATE runs SET ${columns.map((column, index) => `${column} = $${index + 1}`).join(', ')} WHERE id = $${columns.length + 1}`, ...values, id);
  }

  appendLog(id: number, line: string): void {
    this.run('INSERT INTO run_log (run_id, line) VALUES ($1, $2)', id, line);
  }

  runLog(id: number): string[] {
    return this.all<string>('SELECT line FROM run_log WHERE run_id = $1 ORDER BY seq', id);
  }

  requestStop(runId: number): void {
    this.run('UPDATE runs SET stop_requested = true WHERE id = $1', runId);
  }

  stopRequested(runId: number): boolean {
    return this.one<boolean>('SELECT stop_requested FROM runs WHERE id = $1', runId) === true;
  }

  assignApiKey(runId: number, names: readonly string[]): string {
    return this.db.transaction(() => {
      this.run(KEY_ASSIGNMENT_LOCK);
      const counts = this.all<{ name: string; running: number }>(
        "SELECT json_build_object('name', api_key_name, 'running', count(*)) FROM runs WHERE status = 'running' AND id <> $1 AND api_key_name IS NOT NULL GROUP BY api_key_name",
        runId,
      );
      const name = leastUsedKey(names, counts);
      this.run('UPDATE runs SET api_key_name = $1 WHERE id = $2', name, runId);
      return name;
    });
  }

  schedules(bookId: number): Schedule[] {
    return this.all<ScheduleRow>('SELECT row_to_json(schedules) FROM schedules WHERE book_id = $1 ORDER BY kind', bookId).map(toSchedule);
  }

  setSchedules(bookId: number, schedules: readonly Schedule[]): void {
    this.db.transaction(() => {
      const kept = new Map(this.schedules(bookId).map((schedule) => [schedule.kind, schedule]));
      this.run('DELETE FROM schedules WHERE book_id = $1', bookId);
      for (const schedule of schedules) {
        this.run(
          'INSERT INTO schedules (book_id, kind, cron, zone, templates, last_fired_at) VALUES ($1, $2, $3, $4, $5, $6)',
          bookId, schedule.kind, schedule.cron, schedule.zone, JSON.stringify(schedule.templates), keptLastFired(kept.get(schedule.kind), schedule),
        );
      }
    });
  }

  allSchedules(): { bookId: number; schedules: Schedule[] }[] {
    return schedulesByBook(this.all<ScheduleRow>('SELECT row_to_json(schedules) FROM schedules ORDER BY book_id, kind'));
  }

  claimScheduleTick(bookId: number, kind: Schedule['kind'], expected: string | null, firedAt: string): boolean {
    // A concurrent claimer waits on the row lock, then re-checks the condition on the row the winner wrote: it no longer matches.
    return this.all('UPDATE schedules SET last_fired_at = $1 WHERE book_id = $2 AND kind = $3 AND last_fired_at IS NOT DISTINCT FROM $4 RETURNING 1', firedAt, bookId, kind, expected).length === 1;
  }

  addShare(share: Share, tokenHash: string): void {
    this.run('INSERT INTO shares (id, token_hash, run_id, expires_at, revoked_at) VALUES ($1, $2, $3, $4, $5)', share.id, tokenHash, share.runId, share.expiresAt, share.revokedAt);
  }

  shareByToken(tokenHash: string): Share | undefined {
    const row = this.one<ShareRow>('SELECT row_to_json(shares) FROM shares WHERE token_hash = $1', tokenHash);
    return row === undefined ? undefined : toShare(row);
  }

  getShare(id: string): Share | undefined {
    const row = this.one<ShareRow>('SELECT row_to_json(shares) FROM shares WHERE id = $1', id);
    return row === undefined ? undefined : toShare(row);
  }

  sharesOfRun(runId: number): (Share & { downloads: number })[] {
    return this.all<ShareRow & { downloads: number }>(
      "SELECT json_build_object('id', s.id, 'run_id', s.run_id, 'expires_at', s.expires_at, 'revoked_at', s.revoked_at, 'downloads', (SELECT count(*) FROM share_downloads d WHERE d.share_id = s.id)) FROM shares s WHERE s.run_id = $1 ORDER BY s.seq",
      runId,
    ).map((row) => ({ ...toShare(row), downloads: row.downloads }));
  }

  revokeShare(id: string, now: string): boolean {
    return this.all('UPDATE shares SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL RETURNING 1', now, id).length > 0;
  }

  logShareDownload(shareId: string, file: string, at: string): void {
    this.run('INSERT INTO share_downloads (share_id, file, at) VALUES ($1, $2, $3)', shareId, file, at);
  }

  shareDownloads(shareId: string): { file: string; at: string }[] {
    return this.all("SELECT json_build_object('file', file, 'at', at) FROM share_downloads WHERE share_id = $1 ORDER BY seq", shareId);
  }

  close(): void {
    this.db.close();
  }

  private run(sql: string, ...params: unknown[]): void {
    this.db.query({ sql, params });
  }

  /** The first column of every row: a JSON object (`row_to_json`, `json_build_object`) or a single value. */
  private all<T>(sql: string, ...params: unknown[]): T[] {
    return this.db.query({ sql, params }).map((row) => row[0] as T);
  }

  private one<T>(sql: string, ...params: unknown[]): T | undefined {
    return this.all<T>(sql, ...params)[0];
  }
}

import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { AuditLog } from './AuditLog.js';
import { SqlNights } from './SqlNights.js';
import { SqlBooks } from './SqlBooks.js';
import { SqlAuditLog } from './SqlAuditLog.js';
import type { RunRequest } from '../runs/RunRequest.js';
import { pickKey } from './pickKey.js';
import { insertRun } from './insertRun.js';
import { claimScheduleTick, fireScheduleTick } from './scheduleTick.js';
import { listedRunsOfBooks } from './listedRuns.js';
import { bookListKeys } from './bookListKeys.js';
import type { BookListFilter, BookListKey } from './BookListKey.js';
import type { KeyChoice, Nights, Run, Schedule, Share, WorkspaceData } from './WorkspaceData.js';
import type { RunChange, WorkspaceTables } from './workspaceRows.js';
import type { WorkspaceDialect } from './WorkspaceDialect.js';
import { keptLastFired, runChangeColumns, schedulesByBook, toRun, toSchedule, toShare } from './workspaceRows.js';

/**
 * The workspace data on either database, with one query text: Kysely compiles each query for better-sqlite3
 * (embedded, `workspace.db`) or for a `pg` pool (distributed, the shared `ledgerscan` schema). Chosen over two
 * hand-written classes because the two differed only in placeholders and how rows came back, and every query
 * written twice could drift; both schemas have the same columns (`src/db/*`), so both return identical records.
 * Every call is a promise: on PostgreSQL nothing waits on the event loop for the database.
 */
export class SqlWorkspaceData extends SqlBooks implements WorkspaceData {
  readonly audit: AuditLog;
  readonly nights: Nights;
  private readonly runListeners = new Set<(runId: number | null) => void>();
  private feed: { close(): Promise<void> } | undefined;

  constructor(
    db: Kysely<WorkspaceTables>,
    private readonly dialect: WorkspaceDialect,
  ) {
    super(db, dialect.accountFeed);
    this.audit = new SqlAuditLog(db);
    this.nights = new SqlNights(db, (runId) => this.changed(runId));
  }

  onRunChange(listener: (runId: number | null) => void): () => void {
    if (this.dialect.changeFeed !== undefined) this.feed ??= this.dialect.changeFeed((runId) => this.emit(runId));
    this.runListeners.add(listener);
    return () => this.runListeners.delete(listener);
  }

  async addRun(bookId: number, request: RunRequest, trigger: Run['trigger'], now: string): Promise<Run> {
    const run = await insertRun(this.db, bookId, request, trigger, now);
    this.changed(run.id);
    return run;
  }

  async getRun(id: number): Promise<Run | undefined> {
    const row = await this.db.selectFrom('runs').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : toRun(row);
  }

  async runsOfBook(bookId: number): Promise<Run[]> {
    return (await this.runsOfBooks([bookId])).get(bookId) ?? [];
  }

  async runsOfBooks(bookIds: readonly number[]): Promise<Map<number, Run[]>> {
    const runs = new Map<number, Run[]>(bookIds.map((id) => [id, []]));
    if (bookIds.length === 0) return runs;
    for (const row of await this.db.selectFrom('runs').selectAll().where('book_id', 'in', bookIds).orderBy('id', 'desc').execute())
      runs.get(row.book_id)?.push(toRun(row));
    return runs;
  }

  bookListKeys(filter: BookListFilter): Promise<BookListKey[]> {
    return bookListKeys(this.db, filter);
  }

  listedRunsOfBooks(bookIds: readonly number[]): Promise<Map<number, Run[]>> {
    return listedRunsOfBooks(this.db, this.dialect, bookIds);
  }

  queuedRuns(): Promise<Run[]> {
    return this.runsWithStatus('queued');
  }

  runningRuns(): Promise<Run[]> {
    return this.runsWithStatus('running');
  }

  async updateRun(id: number, change: RunChange): Promise<void> {
    const columns = runChangeColumns(change);
    if (Object.keys(columns).length === 0) return;
    await this.db.updateTable('runs').set(columns).where('id', '=', id).execute();
    this.changed(id);
  }

  async appendLog(id: number, line: string): Promise<void> {
    await this.db.insertInto('run_log').values({ run_id: id, line }).execute();
    this.changed(id);
  }

  async runLog(id: number, after = 0): Promise<string[]> {
    return (
      await this.db
        .selectFrom('run_log')
        .select('line')
        .where('run_id', '=', id)
        .orderBy('seq')
        .offset(after)
        .limit(Number.MAX_SAFE_INTEGER)
        .execute()
    ).map((row) => row.line);
  }

  async requestStop(runId: number): Promise<void> {
    await this.db.updateTable('runs').set({ stop_requested: 1 }).where('id', '=', runId).execute();
  }

  async stopRequested(runId: number): Promise<boolean> {
    const row = await this.db.selectFrom('runs').select('stop_requested').where('id', '=', runId).executeTakeFirst();
    return Boolean(row?.stop_requested);
  }

  assignApiKey(runId: number, keys: readonly KeyChoice[], day: string): Promise<string | null> {
    return this.db.transaction().execute(async (trx) => {
      await this.dialect.serializeKeyAssignment(trx, runId);
      const counts = await trx
        .selectFrom('runs')
        .select(['api_key_name as name', (eb) => eb.fn.countAll<number>().as('running')])
        .where('status', '=', 'running')
        .where('id', '<>', runId)
        .where('api_key_name', 'is not', null)
        .groupBy('api_key_name')
        .execute();
      const used = await trx.selectFrom('key_days').select(['key_name', 'calls']).where('day', '=', day).execute();
      const picked = await trx
        .selectFrom('runs')
        .select(['api_key_name as name', (eb) => eb.fn.countAll<number>().as('runs')])
        .where('id', '<>', runId)
        .where('api_key_name', 'is not', null)
        .where('started_at', '>=', day)
        .groupBy('api_key_name')
        .execute();
      const name = pickKey(keys, {
        running: new Map(counts.map((count) => [count.name!, Number(count.running)])),
        usedToday: new Map(used.map((row) => [row.key_name, Number(row.calls)])),
        pickedToday: new Map(picked.map((row) => [row.name!, Number(row.runs)])),
      });
      if (name === null) return null;
      await trx.updateTable('runs').set({ api_key_name: name }).where('id', '=', runId).execute();
      return name;
    });
  }

  async schedules(bookId: number): Promise<Schedule[]> {
    return (await this.db.selectFrom('schedules').selectAll().where('book_id', '=', bookId).orderBy('kind').execute()).map(toSchedule);
  }

  async setSchedules(bookId: number, schedules: readonly Schedule[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const kept = new Map(
        (await trx.selectFrom('schedules').selectAll().where('book_id', '=', bookId).execute()).map((row) => [row.kind, toSchedule(row)]),
      );
      await trx.deleteFrom('schedules').where('book_id', '=', bookId).execute();
      for (const schedule of schedules) {
        await trx
          .insertInto('schedules')
          .values({
            book_id: bookId,
            kind: schedule.kind,
            cron: schedule.cron,
            zone: schedule.zone,
            templates: JSON.stringify(schedule.templates),
            last_fired_at: keptLastFired(kept.get(schedule.kind), schedule),
          })
          .execute();
      }
    });
  }

  async allSchedules(): Promise<{ bookId: number; schedules: Schedule[] }[]> {
    const rows = await this.db
      .selectFrom('schedules')
      .selectAll('schedules')
      .innerJoin('books', 'books.id', 'schedules.book_id')
      .where('books.archived_at', 'is', null)
      .orderBy('schedules.book_id')
      .orderBy('schedules.kind')
      .execute();
    return schedulesByBook(rows);
  }

  claimScheduleTick(bookId: number, kind: Schedule['kind'], expected: string | null, firedAt: string): Promise<boolean> {
    return claimScheduleTick(this.db, bookId, kind, expected, firedAt);
  }

  async fireScheduleTick(...tick: Parameters<WorkspaceData['fireScheduleTick']>): Promise<Run[] | null> {
    const runs = await fireScheduleTick(this.db, ...tick);
    for (const run of runs ?? []) this.changed(run.id);
    return runs;
  }

  async addShare(share: Share, tokenHash: string): Promise<void> {
    await this.db
      .insertInto('shares')
      .values({ id: share.id, token_hash: tokenHash, run_id: share.runId, expires_at: share.expiresAt, revoked_at: share.revokedAt })
      .execute();
  }

  shareByToken(tokenHash: string): Promise<Share | undefined> {
    return this.oneShare('token_hash', tokenHash);
  }

  getShare(id: string): Promise<Share | undefined> {
    return this.oneShare('id', id);
  }

  async sharesOfRun(runId: number): Promise<(Share & { downloads: number })[]> {
    const rows = await this.db
      .selectFrom('shares as s')
      .select([
        's.id',
        's.run_id',
        's.expires_at',
        's.revoked_at',
        (eb) =>
          eb
            .selectFrom('share_downloads as d')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .whereRef('d.share_id', '=', 's.id')
            .as('downloads'),
      ])
      .where('s.run_id', '=', runId)
      .orderBy(sql.ref(`s.${this.dialect.insertionOrder}`))
      .execute();
    return rows.map((row) => ({ ...toShare(row), downloads: Number(row.downloads) }));
  }

  async revokeShare(id: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('shares')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async logShareDownload(shareId: string, file: string, at: string): Promise<void> {
    await this.db.insertInto('share_downloads').values({ share_id: shareId, file, at }).execute();
  }

  shareDownloads(shareId: string): Promise<{ file: string; at: string }[]> {
    return this.db
      .selectFrom('share_downloads')
      .select(['file', 'at'])
      .where('share_id', '=', shareId)
      .orderBy(sql.ref(this.dialect.insertionOrder))
      .execute();
  }

  async close(): Promise<void> {
    await this.feed?.close();
    await this.credentials?.close();
    await this.db.destroy();
  }

  private emit(runId: number | null): void {
    for (const listener of this.runListeners) listener(runId);
  }

  private changed(runId: number): void {
    if (this.dialect.changeFeed === undefined || this.dialect.announcesOwnWrites === true) this.emit(runId);
  }

  private async runsWithStatus(status: Run['status']): Promise<Run[]> {
    return (await this.db.selectFrom('runs').selectAll().where('status', '=', status).orderBy('id').execute()).map(toRun);
  }

  private async oneShare(column: 'id' | 'token_hash', value: string): Promise<Share | undefined> {
    const row = await this.db
      .selectFrom('shares')
      .select(['id', 'run_id', 'expires_at', 'revoked_at'])
      .where(column, '=', value)
      .executeTakeFirst();
    return row === undefined ? undefined : toShare(row);
  }
}

import type { Kysely, SqlBool } from 'kysely';
import { sql } from 'kysely';
import { ALERTED } from './listedRuns.js';
import { nightSummary, utcDay, type NightRun } from './nightSummary.js';
import type { Nights, NightSummary, Run } from './WorkspaceData.js';
import type { WorkspaceTables } from './workspaceRows.js';
import { toRun } from './workspaceRows.js';

/** `Nights` on either workspace database, one query text (as `SqlWorkspaceData`). */
export class SqlNights implements Nights {
  constructor(
    private readonly db: Kysely<WorkspaceTables>,
    /** Told of each run queued again here, as the run's other writes are. */
    private readonly changed: (runId: number) => void,
  ) {}

  async takeKeyCall(keyName: string, day: string, quota: number): Promise<boolean> {
    if (quota < 1) return false;
    // One statement: the row's lock (PostgreSQL) or the file's (SQLite) orders concurrent callers, and the count never passes the quota.
    const row = await this.db
      .insertInto('key_days')
      .values({ key_name: keyName, day, calls: 1 })
      .onConflict((conflict) =>
        conflict
          .columns(['key_name', 'day'])
          .doUpdateSet({ calls: sql`key_days.calls + 1` })
          .where('key_days.calls', '<', quota),
      )
      .returning('calls')
      .executeTakeFirst();
    return row !== undefined;
  }

  async keyCalls(day: string): Promise<Map<string, number>> {
    const rows = await this.db.selectFrom('key_days').select(['key_name', 'calls']).where('day', '=', day).execute();
    return new Map(rows.map((row) => [row.key_name, Number(row.calls)]));
  }

  async dueDeferredRuns(now: string): Promise<Run[]> {
    const rows = await this.db
      .selectFrom('runs')
      .selectAll()
      .where('status', '=', 'deferred')
      .where('resume_at', '<=', now)
      .orderBy('id')
      .execute();
    return rows.map(toRun);
  }

  async requeueDeferred(runId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('runs')
      .set({ status: 'queued', resume_at: null, error: null, finished_at: null })
      .where('id', '=', runId)
      .where('status', '=', 'deferred')
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) return false;
    this.changed(runId);
    return true;
  }

  async latest(): Promise<NightSummary | null> {
    // Both on `runs_scheduled`: the newest scheduled run, then its UTC day's.
    const last = await this.db
      .selectFrom('runs')
      .select((eb) => eb.fn.max('created_at').as('at'))
      .where('trigger', '=', 'schedule')
      .executeTakeFirst();
    if (last?.at === undefined || last.at === null) return null;
    const night = utcDay(last.at);
    const ofNight = this.db
      .selectFrom('runs')
      .where('trigger', '=', 'schedule')
      .where('created_at', '>=', night)
      .where('created_at', '<', new Date(Date.parse(night) + 86_400_000).toISOString().slice(0, 10));
    // What the summary reads of each run, its progress the one JSON parsed; the few runs that alerted read whole
    // (their summary checked as any run's), not a firm's every request, summary and file list.
    const rows = await ofNight
      .select(['id', 'book_id', 'status', 'error', 'resume_at', 'created_at', 'api_key_name', 'progress'])
      .execute();
    const alerted = new Map(
      (
        await ofNight
          .selectAll()
          .where(sql<SqlBool>`summary LIKE ${sql.lit(ALERTED)}`)
          .execute()
      ).map((row) => [row.id, toRun(row)]),
    );
    const runs: NightRun[] = rows.map(
      (row) =>
        alerted.get(row.id) ?? {
          id: row.id,
          bookId: row.book_id,
          status: row.status,
          error: row.error,
          resumeAt: row.resume_at,
          createdAt: row.created_at,
          apiKeyName: row.api_key_name,
          progress: JSON.parse(row.progress) as NightRun['progress'],
          summary: null,
        },
    );
    const earlier = await this.db
      .selectFrom('run_attempts')
      .select(['key_name', (eb) => eb.fn.sum<number | string>('calls').as('calls')])
      .where('run_id', 'in', ofNight.select('id'))
      .groupBy('key_name')
      .execute();
    return nightSummary(night, runs, new Map(earlier.map((row) => [row.key_name, Number(row.calls)])));
  }

  async keepAttempt(runId: number, startedAt: string, keyName: string, calls: number): Promise<void> {
    await this.db
      .insertInto('run_attempts')
      .values({ run_id: runId, started_at: startedAt, key_name: keyName, calls })
      .onConflict((conflict) => conflict.columns(['run_id', 'started_at']).doNothing())
      .execute();
  }

  async expectedSeconds(bookId: number, kind: string): Promise<number | null> {
    // The kind is inside the request's JSON: the book's last few finished runs are read and chosen from here.
    const rows = await this.db
      .selectFrom('runs')
      .select(['request', 'started_at', 'finished_at'])
      .where('book_id', '=', bookId)
      .where('status', 'in', ['succeeded', 'differences'])
      .where('started_at', 'is not', null)
      .where('finished_at', 'is not', null)
      .orderBy('id', 'desc')
      .limit(20)
      .execute();
    const last = rows.find((row) => (JSON.parse(row.request) as { kind: string }).kind === kind) ?? rows[0];
    return last === undefined ? null : (Date.parse(last.finished_at!) - Date.parse(last.started_at!)) / 1000;
  }

  async claimNightAlert(night: string, at: string): Promise<boolean> {
    const row = await this.db
      .insertInto('nights_alerted')
      .values({ night, at })
      .onConflict((conflict) => conflict.column('night').doNothing())
      .returning('night')
      .executeTakeFirst();
    return row !== undefined;
  }
}

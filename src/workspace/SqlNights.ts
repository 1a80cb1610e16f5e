import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { nightSummary, utcDay } from './nightSummary.js';
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
    const last = await this.db
      .selectFrom('runs')
      .select((eb) => eb.fn.max('created_at').as('at'))
      .where('trigger', '=', 'schedule')
      .executeTakeFirst();
    if (last?.at === undefined || last.at === null) return null;
    const night = utcDay(last.at);
    const rows = await this.db
      .selectFrom('runs')
      .selectAll()
      .where('trigger', '=', 'schedule')
      .where('created_at', '>=', night)
      .where('created_at', '<', new Date(Date.parse(night) + 86_400_000).toISOString().slice(0, 10))
      .execute();
    const earlier =
      rows.length === 0
        ? []
        : await this.db
            .selectFrom('run_attempts')
            .select(['key_name', (eb) => eb.fn.sum<number | string>('calls').as('calls')])
            .where(
              'run_id',
              'in',
              rows.map((row) => row.id),
            )
            .groupBy('key_name')
            .execute();
    return nightSummary(night, rows.map(toRun), new Map(earlier.map((row) => [row.key_name, Number(row.calls)])));
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

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
    return nightSummary(night, rows.map(toRun));
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

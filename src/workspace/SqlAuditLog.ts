import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { AuditAction } from './AuditAction.js';
import type { AuditActor, AuditChannel, AuditEntry, AuditFilter, AuditLog, AuditRecord } from './AuditLog.js';
import { runTarget } from './AuditLog.js';
import type { AuditRow, WorkspaceTables } from './workspaceRows.js';

const PAGE = 500;

const json = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value));

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    userId: row.user_id,
    user: row.user_name,
    via: row.via as AuditChannel,
    action: row.action as AuditAction,
    book: row.book_id,
    target: row.target,
    before: row.before_json === null ? null : JSON.parse(row.before_json),
    after: row.after_json === null ? null : JSON.parse(row.after_json),
  };
}

/** The audit log on either workspace database, insert and select only; the time is the database's (the column's default). */
export class SqlAuditLog implements AuditLog {
  constructor(private readonly db: Kysely<WorkspaceTables>) {}

  async record(actor: AuditActor, entry: AuditRecord): Promise<void> {
    await this.db
      .insertInto('audit_log')
      .values({
        user_id: actor.id,
        user_name: actor.name,
        via: actor.via,
        action: entry.action,
        book_id: entry.book ?? null,
        target: entry.target,
        before_json: json(entry.before),
        after_json: json(entry.after),
      })
      .execute();
  }

  async newest(filter: AuditFilter, page: { before?: number | undefined; limit: number }): Promise<AuditEntry[]> {
    let query = this.matching(filter);
    if (page.before !== undefined) query = query.where('id', '<', page.before);
    return (await query.orderBy('id', 'desc').limit(page.limit).execute()).map(toEntry);
  }

  async *oldestFirst(filter: AuditFilter): AsyncIterable<AuditEntry> {
    let after = 0;
    for (;;) {
      const rows = await this.matching(filter).where('id', '>', after).orderBy('id').limit(PAGE).execute();
      for (const row of rows) yield toEntry(row);
      if (rows.length < PAGE) return;
      after = (rows[rows.length - 1] as AuditRow).id;
    }
  }

  async starterOf(bookId: number, runId: number): Promise<AuditActor | undefined> {
    const row = await this.db
      .selectFrom('audit_log')
      .select(['user_id', 'user_name', 'via'])
      .where('book_id', '=', bookId)
      .where('action', '=', 'run.started')
      .where('target', '=', runTarget(runId))
      .orderBy('id')
      .executeTakeFirst();
    return row === undefined ? undefined : { id: row.user_id, name: row.user_name, via: row.via as AuditChannel };
  }

  private matching(filter: AuditFilter): SelectQueryBuilder<WorkspaceTables, 'audit_log', AuditRow> {
    let query = this.db.selectFrom('audit_log').selectAll();
    if (filter.book !== undefined) query = query.where('book_id', '=', filter.book);
    if (filter.user !== undefined) query = query.where('user_name', '=', filter.user);
    if (filter.action !== undefined) query = query.where('action', '=', filter.action);
    if (filter.actions !== undefined) query = query.where('action', 'in', filter.actions.length === 0 ? [''] : filter.actions);
    if (filter.targets !== undefined) query = query.where('target', 'in', filter.targets.length === 0 ? [''] : filter.targets);
    if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('at', '<=', filter.to);
    return query;
  }
}

import { sql, type Kysely } from 'kysely';
import type { RunPeriod } from '../runs/RunRequest.js';
import { periodDays } from './bookPeriod.js';
import type { BookListFilter, BookListKey } from './BookListKey.js';
import { listedRunPick, PICKS } from './listedRuns.js';
import type { WorkspaceDialect } from './WorkspaceDialect.js';
import type { WorkspaceTables } from './workspaceRows.js';

/** `%`, `_` and the escape itself taken literally in a LIKE pattern. */
const likeText = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Every book the filter lets through, with its keys (`BookListKey`): one statement, the runs it reads found by the
 * books list's own picks (`PICKS`, each one index probe) and only their few JSON members read, by the database.
 */
export async function bookListKeys(db: Kysely<WorkspaceTables>, dialect: WorkspaceDialect, filter: BookListFilter): Promise<BookListKey[]> {
  const name = dialect.jsonText('b.data', 'name');
  let books = db
    .selectFrom('books as b')
    .select((outer) => [
      'b.id',
      name.as('name'),
      dialect.jsonText('b.data', 'timezone').as('zone'),
      listedRunPick(outer, dialect, PICKS.newest).as('newest'),
      listedRunPick(outer, dialect, PICKS.reconcile).as('reconcile'),
      listedRunPick(outer, dialect, PICKS.basis).as('basis'),
      listedRunPick(outer, dialect, PICKS.period).as('period'),
    ])
    .where('b.archived_at', filter.archived ? 'is not' : 'is', null);
  if (filter.userId !== undefined)
    books = books.where('b.id', 'in', db.selectFrom('book_staff').select('book_id').where('user_id', '=', filter.userId));
  if (filter.name !== undefined && filter.name !== '')
    books = books.where(sql<boolean>`lower(${name}) LIKE ${`%${likeText(filter.name.toLowerCase())}%`} ESCAPE '\\'`);
  const rows = await db
    .with('p', () => books)
    .selectFrom('p')
    .leftJoin('runs as newest', 'newest.id', 'p.newest')
    .leftJoin('runs as reconcile', 'reconcile.id', 'p.reconcile')
    .leftJoin('runs as basis', 'basis.id', 'p.basis')
    .leftJoin('runs as period', 'period.id', 'p.period')
    .select([
      'p.id',
      'p.name',
      'p.zone',
      'newest.created_at as lastRunAt',
      'reconcile.status as reconcileStatus',
      dialect.jsonText('reconcile.summary', 'holdingsValue').as('holdings'),
      dialect.jsonText('basis.summary', 'basisIssues').as('basisIssues'),
      dialect.jsonText('period.request', 'period').as('period'),
    ])
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name ?? '',
    zone: row.zone ?? undefined,
    lastRunAt: row.lastRunAt ?? undefined,
    reconcile: row.reconcileStatus ?? undefined,
    holdings: row.holdings === null ? undefined : Number(row.holdings),
    basisIssues: row.basisIssues === null ? undefined : Number(row.basisIssues),
    period: row.period === null ? undefined : periodDays(JSON.parse(row.period) as RunPeriod),
  }));
}

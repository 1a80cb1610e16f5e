import { sql, type Kysely } from 'kysely';
import type { RunPeriod } from '../runs/RunRequest.js';
import { periodDays } from './bookPeriod.js';
import type { BookListFilter, BookListKey } from './BookListKey.js';
import type { WorkspaceTables } from './workspaceRows.js';

/** `%`, `_` and the escape itself taken literally in a LIKE pattern. */
const likeText = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Every book the filter lets through, with its keys (`BookListKey`): one statement, what its runs give (the
 * runs of `book_list_runs`) read from the row the database keeps per book (`book_list_keys`), not found in `runs`,
 * its name and zone from the book's own columns (workspace 0020, postgres 0027), not parsed out of its `data`.
 */
export async function bookListKeys(db: Kysely<WorkspaceTables>, filter: BookListFilter): Promise<BookListKey[]> {
  let books = db
    .selectFrom('books as b')
    .leftJoin('book_list_keys as k', 'k.book_id', 'b.id')
    .select(['b.id', 'b.name', 'b.timezone as zone', 'k.last_run_at', 'k.reconcile_status', 'k.holdings', 'k.basis_issues', 'k.period'])
    .where('b.archived_at', filter.archived ? 'is not' : 'is', null);
  if (filter.userId !== undefined)
    books = books.where('b.id', 'in', db.selectFrom('book_staff').select('book_id').where('user_id', '=', filter.userId));
  if (filter.name !== undefined && filter.name !== '')
    books = books.where(sql<boolean>`lower(${sql.ref('b.name')}) LIKE ${`%${likeText(filter.name.toLowerCase())}%`} ESCAPE '\\'`);
  return (await books.execute()).map((row) => ({
    id: Number(row.id),
    name: row.name ?? '',
    zone: row.zone ?? undefined,
    lastRunAt: row.last_run_at ?? undefined,
    reconcile: row.reconcile_status ?? undefined,
    holdings: row.holdings === null ? undefined : Number(row.holdings),
    basisIssues: row.basis_issues === null ? undefined : Number(row.basis_issues),
    period: row.period === null ? undefined : periodDays(JSON.parse(row.period) as RunPeriod),
  }));
}

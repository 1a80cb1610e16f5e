import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Run } from './WorkspaceData.js';
import type { WorkspaceDialect } from './WorkspaceDialect.js';
import { toRun, type WorkspaceTables } from './workspaceRows.js';

/** The condition of the partial index `runs_alerted` (workspace 0017, postgres 0023), word for word. */
export const ALERTED = '%"alert":%';

/**
 * Each book's runs the books list reads, newest first: every id given is in the map. At most five a book, each the
 * newest run passing one of the list's tests: `runs[0]`, `lastReconcile`, `lastAlertRun`, the export `runFigures`
 * reads its cost-basis issues from and the run `bookPeriod` takes the period of; so the list gives what it gave over
 * the book's whole history. All but the alert's are the view `book_list_runs` (workspace 0019, postgres 0026), which
 * the kept keys (`bookListKeys`) are read from too. Each is walked newest first on `runs_by_book` to its first match;
 * the alert's on the partial index `runs_alerted`, which holds only runs that alerted: the time does not grow with a
 * book's history.
 */
export async function listedRunsOfBooks(
  db: Kysely<WorkspaceTables>,
  dialect: WorkspaceDialect,
  bookIds: readonly number[],
): Promise<Map<number, Run[]>> {
  const runs = new Map<number, Run[]>(bookIds.map((id) => [id, []]));
  if (bookIds.length === 0) return runs;
  const picked = await db
    .selectFrom('book_list_runs as p')
    .select(['p.newest', 'p.reconcile', 'p.basis', 'p.period'])
    .select((outer) =>
      outer
        .selectFrom('runs as r')
        .select('r.id')
        .whereRef('r.book_id', '=', 'p.book_id')
        // The text test first, a literal: it is `runs_alerted`'s condition, so a book that never alerted is one
        // probe of that index, not a walk of its history.
        .where((eb) =>
          eb.and([
            sql<SqlBool>`${sql.ref('r.summary')} LIKE ${sql.lit(ALERTED)}`,
            eb(dialect.jsonText('r.summary', 'alert'), 'is not', null),
          ]),
        )
        .orderBy('r.book_id', 'desc')
        .orderBy('r.id', 'desc')
        .limit(1)
        .as('alert'),
    )
    .where('p.book_id', 'in', bookIds)
    .execute();
  const ids = [...new Set(picked.flatMap((row) => Object.values(row).flatMap((id) => (id === null ? [] : [Number(id)]))))];
  if (ids.length === 0) return runs;
  for (const row of await db.selectFrom('runs').selectAll().where('id', 'in', ids).orderBy('id', 'desc').execute())
    runs.get(row.book_id)?.push(toRun(row));
  return runs;
}

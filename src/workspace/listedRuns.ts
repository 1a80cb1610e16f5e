import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import { RECONCILE_REPORT } from '../runs/reconcileReportResult.js';
import { BASIS_ISSUES } from '../runs/exportRun.js';
import type { RunKind } from '../runs/RunKind.js';
import type { RunResult } from '../runs/RunResult.js';
import { RUN_KINDS } from '../runs/runKinds.js';
import type { Run } from './WorkspaceData.js';
import type { WorkspaceDialect } from './WorkspaceDialect.js';
import { toRun, type WorkspaceTables } from './workspaceRows.js';

type Runs = ExpressionBuilder<WorkspaceTables & { r: WorkspaceTables['runs'] }, 'r'>;

const kindsCarrying = (result: RunResult): string[] =>
  (RUN_KINDS as readonly RunKind[]).filter((kind) => kind.results.includes(result)).map((kind) => kind.name);

/**
 * The runs a book's row of the books list reads, each the newest run matching the one test the list applies to the
 * book's runs newest first (the SQL twin of each): `runs[0]`, `lastReconcile`, `lastAlertRun`, the export `runFigures`
 * reads its cost-basis issues from, and the run `bookPeriod` takes the period of. So the list gives what it gave over
 * the book's whole history, with at most five runs a book read and parsed.
 */
function picks(dialect: WorkspaceDialect): ((eb: Runs) => Expression<SqlBool>)[] {
  const kind = dialect.jsonText('r.request', 'kind');
  return [
    (eb) => eb.lit(true),
    (eb) => eb.and([eb(kind, 'in', kindsCarrying(RECONCILE_REPORT)), eb('r.finished_at', 'is not', null)]),
    // The text test first: a summary without the word is passed over without parsing it.
    (eb) => eb.and([eb('r.summary', 'like', '%"alert":%'), eb(dialect.jsonText('r.summary', 'alert'), 'is not', null)]),
    (eb) => eb.and([eb(kind, 'in', kindsCarrying(BASIS_ISSUES)), eb('r.status', 'in', ['succeeded', 'differences'])]),
    (eb) => eb(dialect.jsonText('r.request', 'period'), 'is not', null),
  ];
}

/**
 * Each book's runs the books list reads (`picks`), newest first: every id given is in the map. Each pick walks the
 * book's runs newest first on `runs_by_book` (its order is the index's, so neither database scans the runs of every
 * book by id) and stops at the first match: the time does not grow with a book's history, but for a test no recent
 * run meets (a book that never raised an alert), where the walk reads the book's rows without parsing them.
 */
export async function listedRunsOfBooks(
  db: Kysely<WorkspaceTables>,
  dialect: WorkspaceDialect,
  bookIds: readonly number[],
): Promise<Map<number, Run[]>> {
  const runs = new Map<number, Run[]>(bookIds.map((id) => [id, []]));
  if (bookIds.length === 0) return runs;
  const picked = await db
    .selectFrom('books as b')
    .select((outer) =>
      picks(dialect).map((test, index) =>
        outer
          .selectFrom('runs as r')
          .select('r.id')
          .whereRef('r.book_id', '=', 'b.id')
          .where(test)
          .orderBy('r.book_id', 'desc')
          .orderBy('r.id', 'desc')
          .limit(1)
          .as(`pick${index}`),
      ),
    )
    .where('b.id', 'in', bookIds)
    .execute();
  const ids = [...new Set(picked.flatMap((row) => Object.values(row).flatMap((id) => (id === null ? [] : [Number(id)]))))];
  if (ids.length === 0) return runs;
  for (const row of await db.selectFrom('runs').selectAll().where('id', 'in', ids).orderBy('id', 'desc').execute())
    runs.get(row.book_id)?.push(toRun(row));
  return runs;
}

import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { RECONCILE_REPORT } from '../runs/reconcileReportResult.js';
import { BASIS_ISSUES } from '../runs/exportRun.js';
import type { RunKind } from '../runs/RunKind.js';
import type { RunResult } from '../runs/RunResult.js';
import { RUN_KINDS } from '../runs/runKinds.js';
import type { Run } from './WorkspaceData.js';
import type { WorkspaceDialect } from './WorkspaceDialect.js';
import { toRun, type WorkspaceTables } from './workspaceRows.js';

type Runs = ExpressionBuilder<WorkspaceTables & { r: WorkspaceTables['runs'] }, 'r'>;

/** The condition of the partial index `runs_alerted` (workspace 0017, postgres 0023), word for word. */
export const ALERTED = '%"alert":%';

const kindsCarrying = (result: RunResult): string[] =>
  (RUN_KINDS as readonly RunKind[]).filter((kind) => kind.results.includes(result)).map((kind) => kind.name);

type Pick = (eb: Runs, dialect: WorkspaceDialect) => Expression<SqlBool>;

/**
 * The runs a book's row of the books list reads, each the newest run matching the one test the list applies to the
 * book's runs newest first (the SQL twin of each): `runs[0]`, `lastReconcile`, `lastAlertRun`, the export `runFigures`
 * reads its cost-basis issues from, and the run `bookPeriod` takes the period of. So the list gives what it gave over
 * the book's whole history, with at most five runs a book read and parsed. The view `book_list_picks` (workspace 0018,
 * postgres 0024) repeats all but the alert's word for word for the keys the database keeps (`bookListKeys`): a change
 * here is a new migration step there.
 */
export const PICKS = {
  newest: (eb) => eb.lit(true),
  reconcile: (eb, dialect) =>
    eb.and([eb(dialect.jsonText('r.request', 'kind'), 'in', kindsCarrying(RECONCILE_REPORT)), eb('r.finished_at', 'is not', null)]),
  // The text test first, a literal: it is the partial index `runs_alerted`'s condition, so a book that never
  // alerted is one probe of that index, not a walk of its history.
  alert: (eb, dialect) =>
    eb.and([sql<SqlBool>`${sql.ref('r.summary')} LIKE ${sql.lit(ALERTED)}`, eb(dialect.jsonText('r.summary', 'alert'), 'is not', null)]),
  basis: (eb, dialect) =>
    eb.and([
      eb(dialect.jsonText('r.request', 'kind'), 'in', kindsCarrying(BASIS_ISSUES)),
      eb('r.status', 'in', ['succeeded', 'differences']),
    ]),
  period: (eb, dialect) => eb(dialect.jsonText('r.request', 'period'), 'is not', null),
} satisfies Record<string, Pick>;

/**
 * The id of the book `b`'s newest run that passes `test`, as a subquery: the book's runs walked newest first on
 * `runs_by_book` (its order is the index's, so neither database scans the runs of every book by id) to the first
 * match; the alert's on `runs_alerted`, which holds only runs that alerted: the time does not grow with a book's history.
 */
export function listedRunPick(
  outer: ExpressionBuilder<WorkspaceTables & { b: WorkspaceTables['books'] }, 'b'>,
  dialect: WorkspaceDialect,
  test: Pick,
) {
  return outer
    .selectFrom('runs as r')
    .select('r.id')
    .whereRef('r.book_id', '=', 'b.id')
    .where((eb) => test(eb, dialect))
    .orderBy('r.book_id', 'desc')
    .orderBy('r.id', 'desc')
    .limit(1);
}

/** Each book's runs the books list reads (`PICKS`, each `listedRunPick`), newest first: every id given is in the map. */
export async function listedRunsOfBooks(
  db: Kysely<WorkspaceTables>,
  dialect: WorkspaceDialect,
  bookIds: readonly number[],
): Promise<Map<number, Run[]>> {
  const runs = new Map<number, Run[]>(bookIds.map((id) => [id, []]));
  if (bookIds.length === 0) return runs;
  const picked = await db
    .selectFrom('books as b')
    .select((outer) => Object.entries(PICKS).map(([name, test]) => listedRunPick(outer, dialect, test).as(name)))
    .where('b.id', 'in', bookIds)
    .execute();
  const ids = [...new Set(picked.flatMap((row) => Object.values(row).flatMap((id) => (id === null ? [] : [Number(id)]))))];
  if (ids.length === 0) return runs;
  for (const row of await db.selectFrom('runs').selectAll().where('id', 'in', ids).orderBy('id', 'desc').execute())
    runs.get(row.book_id)?.push(toRun(row));
  return runs;
}

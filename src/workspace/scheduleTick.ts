import type { Kysely } from 'kysely';
import type { RunRequest } from '../runs/RunRequest.js';
import { insertRun } from './insertRun.js';
import type { Run } from './Run.js';
import type { Schedule } from './WorkspaceData.js';
import type { WorkspaceTables } from './workspaceRows.js';

/** The compare-and-set of `WorkspaceData.claimScheduleTick`, on `db` or a transaction. */
export async function claimScheduleTick(
  db: Kysely<WorkspaceTables>,
  bookId: number,
  kind: Schedule['kind'],
  expected: string | null,
  firedAt: string,
): Promise<boolean> {
  // On PostgreSQL a concurrent claimer waits on the row lock, then re-checks the condition on the row the winner wrote: it no longer matches.
  const result = await db
    .updateTable('schedules')
    .set({ last_fired_at: firedAt })
    .where('book_id', '=', bookId)
    .where('kind', '=', kind)
    .where('last_fired_at', expected === null ? 'is' : '=', expected)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** `WorkspaceData.fireScheduleTick`: the claim and the tick's runs in one transaction; null when the claim was lost. */
export function fireScheduleTick(
  db: Kysely<WorkspaceTables>,
  bookId: number,
  kind: Schedule['kind'],
  expected: string | null,
  firedAt: string,
  requests: readonly RunRequest[],
): Promise<Run[] | null> {
  return db.transaction().execute(async (trx) => {
    if (!(await claimScheduleTick(trx, bookId, kind, expected, firedAt))) return null;
    const runs: Run[] = [];
    for (const request of requests) runs.push(await insertRun(trx, bookId, request, 'schedule', firedAt));
    return runs;
  });
}

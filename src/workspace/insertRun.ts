import type { Kysely } from 'kysely';
import type { RunRequest } from '../runs/RunRequest.js';
import type { Run } from './Run.js';
import type { WorkspaceTables } from './workspaceRows.js';
import { QUEUED_PROGRESS, toRun } from './workspaceRows.js';

/** A new queued run, written on `db` (the workspace's, or a transaction's that writes more with it). */
export async function insertRun(
  db: Kysely<WorkspaceTables>,
  bookId: number,
  request: RunRequest,
  trigger: Run['trigger'],
  now: string,
): Promise<Run> {
  const row = await db
    .insertInto('runs')
    .values({
      book_id: bookId,
      request: JSON.stringify(request),
      status: 'queued',
      trigger,
      progress: JSON.stringify(QUEUED_PROGRESS),
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRun(row);
}

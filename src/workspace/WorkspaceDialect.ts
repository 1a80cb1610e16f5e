import type { Transaction } from 'kysely';
import type { WorkspaceTables } from './workspaceRows.js';

/** What differs between the two databases below the one query text. */
export interface WorkspaceDialect {
  /** The column that keeps shares and downloads in insertion order: SQLite's rowid, PostgreSQL's identity `seq`. */
  insertionOrder: 'rowid' | 'seq';
  /**
   * Run first in a key assignment's transaction: from then on the other assignments of the cluster wait
   * (SQLite: a write takes the file's write lock; PostgreSQL: a transaction-scoped advisory lock).
   */
  serializeKeyAssignment(trx: Transaction<WorkspaceTables>, runId: number): Promise<void>;
  /**
   * PostgreSQL: the runs changed by any process, announced by the database (null: any run may have changed).
   * Absent (SQLite): only this process writes runs, so this object announces its own writes.
   */
  changeFeed?: (emit: (runId: number | null) => void) => { close(): Promise<void> };
}

import type { RawBuilder, Transaction } from 'kysely';
import type { Listening } from '../db/postgres/listenChannel.js';
import type { WorkspaceTables } from './workspaceRows.js';

/** What differs between the two databases below the one query text. */
export interface WorkspaceDialect {
  /** The column that keeps shares and downloads in insertion order: SQLite's rowid, PostgreSQL's identity `seq`. */
  insertionOrder: 'rowid' | 'seq';
  /** A member of a JSON text column as text, NULL when absent or JSON null (SQLite's `->>`, PostgreSQL's on the text cast to jsonb). */
  jsonText(column: string, key: string): RawBuilder<string | null>;
  /**
   * Run first in a key assignment's transaction: from then on the other assignments of the cluster wait
   * (SQLite: a write takes the file's write lock; PostgreSQL: a transaction-scoped advisory lock).
   */
  serializeKeyAssignment(trx: Transaction<WorkspaceTables>, runId: number): Promise<void>;
  /**
   * PostgreSQL: the runs changed by any process, announced by the database (null: any run may have changed).
   * SQLite: the runs changed by the embedded server's run threads, which announce their writes by message; this
   * object announces its own (`announcesOwnWrites`). Absent: only this object writes runs.
   */
  changeFeed?: (emit: (runId: number | null) => void) => { close(): Promise<void> };
  /** The feed does not carry this object's own writes (SQLite), so it announces them itself. */
  announcesOwnWrites?: boolean;
  /**
   * PostgreSQL: account changes by any process (`ledgerscan users` too) announced by the database (`onChange`), and
   * whether the announcements are heard (`onListening`), so session checks may be answered from memory while they are,
   * each once the feed has caught up with what was committed before it (`Listening.caughtUp`).
   * Absent (SQLite): nothing announces another process's writes to the file, and a check there is a local read: none is kept.
   */
  accountFeed?: AccountFeed;
}

export type AccountFeed = (onChange: () => void, onListening: (listening: boolean) => void) => Listening;

import { openSqlite } from '../../src/db/sqlite/openSqlite.js';

export interface StoreContents {
  /** SQLite's own verdict on the file: `ok` unless a write was torn. */
  integrity: string;
  /** Records per `chain wallet stream`. */
  counts: Record<string, number>;
  /** (chain, wallet, stream, block, seq) keys held more than once. */
  duplicateKeys: number;
  /**
   * Every record as (chain, wallet, stream, block, raw text), sorted. `seq` is left out: it is the row's
   * place in the page that wrote it, and a run that had to split a range pages differently.
   */
  records: string[];
  receipts: number;
  ranges: unknown[];
}

/** Reads a state file the way an auditor would, with SQLite itself rather than our SqliteStore class. */
export function storeContents(file: string): StoreContents {
  const db = openSqlite(file, { readonly: true });
  try {
    const integrity = String(db.pragma('integrity_check', { simple: true }));
    const counts = Object.fromEntries(
      (
        db.prepare('SELECT chain_id, wallet, stream, COUNT(*) AS n FROM records GROUP BY chain_id, wallet, stream').all() as {
          chain_id: number;
          wallet: string;
          stream: string;
          n: number;
        }[]
      ).map((row) => [`${row.chain_id} ${row.wallet} ${row.stream}`, row.n]),
    );
    const { duplicates } = db
      .prepare(
        'SELECT COUNT(*) AS duplicates FROM (SELECT 1 FROM records GROUP BY chain_id, wallet, stream, block_number, seq HAVING COUNT(*) > 1)',
      )
      .get() as { duplicates: number };
    const records = (
      db
        .prepare('SELECT chain_id, wallet, stream, block_number, raw FROM records ORDER BY chain_id, wallet, stream, block_number, raw')
        .raw()
        .all() as unknown[][]
    ).map((row) => JSON.stringify(row));
    const { receipts } = db.prepare('SELECT COUNT(*) AS receipts FROM receipts').get() as { receipts: number };
    const ranges = db.prepare('SELECT * FROM synced_ranges ORDER BY chain_id, wallet, stream').all();
    return { integrity, counts, duplicateKeys: duplicates, records, receipts, ranges };
  } finally {
    db.close();
  }
}

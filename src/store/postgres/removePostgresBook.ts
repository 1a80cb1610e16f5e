import type { BlockingPostgres } from '../../db/postgres/BlockingPostgres.js';

/** Every table whose key starts with the book; address tags and screening lists are facts about chains, shared. */
const BOOK_TABLES = ['ledger_rows', 'records', 'receipts', 'synced_ranges'] as const;

/** Deletes one book's store from the shared schema in one transaction. */
export function removePostgresBook(db: BlockingPostgres, book: string): void {
  db.transaction(() => {
    for (const table of BOOK_TABLES) db.query({ sql: `DELETE FROM ${table} WHERE book_id = $1`, params: [book] });
  });
}

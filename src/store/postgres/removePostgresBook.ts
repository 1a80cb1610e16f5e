import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/** Every table whose key starts with the book; address tags and screening lists are facts about chains, shared. */
const BOOK_TABLES = ['ledger_rows', 'records', 'receipts', 'synced_ranges'] as const;

/** Deletes one book's store from the shared schema in one transaction, on the asynchronous pool. */
export async function removePostgresBook<Tables>(db: Kysely<Tables>, book: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of BOOK_TABLES) await sql`DELETE FROM ${sql.table(table)} WHERE book_id = ${book}`.execute(trx);
  });
}

import { InputError } from '../../errors/LedgerscanError.js';
import { openPostgresDatabase } from '../../db/postgres/openPostgresDatabase.js';
import { PostgresStore } from './PostgresStore.js';

/**
 * Connects to the database, brings the shared ledgerscan schema up to date and returns the store of one book.
 * The book id leads every key, so any number of books share the schema without seeing each other's rows.
 */
export function openPostgresStore(url: string, book: string, options: { log?: (line: string) => void } = {}): PostgresStore {
  if (book === '') throw new InputError('a book needs an id', { details: { fix: 'give the book a non-empty id' } });
  return new PostgresStore(openPostgresDatabase(url, options), url, book);
}

import { InputError, LedgerscanError } from '../../errors/LedgerscanError.js';
import { BlockingPostgres } from './BlockingPostgres.js';
import { postgresMigrations } from './postgresMigrations.js';
import { PostgresStore } from './PostgresStore.js';
import { redactDatabaseUrl } from './redactDatabaseUrl.js';

/**
 * Connects to the database, brings the shared ledgerscan schema up to date and returns the store of one book.
 * The book id leads every key, so any number of books share the schema without seeing each other's rows.
 */
export function openPostgresStore(url: string, book: string, options: { log?: (line: string) => void } = {}): PostgresStore {
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new InputError('the database is not a PostgreSQL URL', { details: { database: redactDatabaseUrl(url), fix: 'give postgres://USER@HOST:PORT/DATABASE' } });
  }
  if (book === '') throw new InputError('a book needs an id', { details: { fix: 'give the book a non-empty id' } });
  let db: BlockingPostgres;
  try {
    db = new BlockingPostgres(url);
  } catch (error) {
    throw new InputError('cannot connect to the database', {
      details: { database: redactDatabaseUrl(url), error: error instanceof LedgerscanError ? String(error.details.error ?? error.shortMessage) : '', fix: 'check the database URL and that the server runs' },
      cause: error,
    });
  }
  try {
    const started = performance.now();
    const report = db.migrate();
    if (report.from > postgresMigrations.length) {
      throw new InputError('the database was written by a newer ledgerscan', {
        details: { database: redactDatabaseUrl(url), schemaVersion: report.from, supported: postgresMigrations.length, fix: 'upgrade ledgerscan' },
      });
    }
    if (report.from > 0 && report.to > report.from) {
      const records = report.records;
      options.log?.(`upgraded the database schema from ${report.from} to ${report.to} (${records} stored record${records === 1 ? '' : 's'}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  } catch (error) {
    db.close();
    throw error;
  }
  return new PostgresStore(db, url, book);
}

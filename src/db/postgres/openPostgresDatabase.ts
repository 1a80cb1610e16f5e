import { InputError, LedgerscanError } from '../../errors/LedgerscanError.js';
import { BlockingPostgres } from './BlockingPostgres.js';
import { postgresMigrations } from './postgresMigrations.js';
import { redactDatabaseUrl } from '../../secrets/redact.js';

/**
 * Connects to the database and brings the shared ledgerscan schema up to date: what every user of the
 * database (a book's store, the workspace data) does first. The URL is checked and never shown with its
 * password; a schema newer than this ledgerscan is refused.
 */
export function openPostgresDatabase(url: string, options: { log?: (line: string) => void } = {}): BlockingPostgres {
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new InputError('the database is not a PostgreSQL URL', { details: { database: redactDatabaseUrl(url), fix: 'give postgres://USER@HOST:PORT/DATABASE' } });
  }
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
  return db;
}

import { InputError, LedgerscanError } from '../../errors/LedgerscanError.js';
import { BlockingPostgres } from './BlockingPostgres.js';
import { checkMigration, checkPostgresUrl } from './checkMigration.js';
import { redactDatabaseUrl } from '../../secrets/redact.js';

/**
 * Connects to the database and brings the shared ledgerscan schema up to date: what every user of the
 * database (a book's store, the workspace data) does first. The URL is checked and never shown with its
 * password; a schema newer than this ledgerscan is refused.
 */
export function openPostgresDatabase(url: string, options: { log?: (line: string) => void } = {}): BlockingPostgres {
  checkPostgresUrl(url);
  let db: BlockingPostgres;
  try {
    db = new BlockingPostgres(url);
  } catch (error) {
    throw new InputError('cannot connect to the database', {
      details: {
        database: redactDatabaseUrl(url),
        error: error instanceof LedgerscanError ? String(error.details.error ?? error.shortMessage) : '',
        fix: 'check the database URL and that the server runs',
      },
      cause: error,
    });
  }
  try {
    const started = performance.now();
    checkMigration(db.migrate(), url, started, options.log);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

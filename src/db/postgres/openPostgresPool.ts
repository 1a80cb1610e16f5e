import pg from 'pg';
import { InputError } from '../../errors/LedgerscanError.js';
import { DatabaseUnavailableError, isConnectionLoss } from './DatabaseUnavailableError.js';
import { postgresConfig } from './postgresConfig.js';
import { checkMigration, checkPostgresUrl } from './checkMigration.js';
import { migratePostgres } from './postgresMigrations.js';
import { redactDatabaseUrl } from '../../secrets/redact.js';

/**
 * An asynchronous pool on the ledgerscan schema, brought up to date first: what the workspace data, the queue
 * and the rate limiter use (only the book store's synchronous ledger stream needs `BlockingPostgres`). The URL is
 * checked and never shown with its password; a schema newer than this ledgerscan is refused.
 */
export async function openPostgresPool(url: string, options: { max: number; log?: (line: string) => void }): Promise<pg.Pool> {
  checkPostgresUrl(url);
  const pool = new pg.Pool({ ...postgresConfig(url), max: options.max });
  // An idle connection that drops emits 'error'; the next query reconnects or reports it.
  pool.on('error', () => undefined);
  try {
    const client = await pool.connect();
    try {
      const started = performance.now();
      checkMigration(await migratePostgres(client), url, started, options.log);
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end();
    if (error instanceof InputError) throw error;
    throw new InputError('cannot connect to the database', {
      details: {
        database: redactDatabaseUrl(url),
        error: String((error as Error).message),
        fix: 'check the database URL and that the server runs',
      },
      cause: error,
    });
  }
  return pool;
}

/** A failed statement's error as the rest of ledgerscan knows it: a lost session is `DatabaseUnavailableError` (kind `service`). */
export function postgresFailure(database: string, error: unknown): unknown {
  const failure = { code: String((error as { code?: unknown }).code ?? ''), message: String((error as Error).message) };
  return isConnectionLoss(failure) ? new DatabaseUnavailableError(database, failure, error) : error;
}

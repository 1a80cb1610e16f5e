import { InputError } from '../../errors/LedgerscanError.js';
import { redactDatabaseUrl } from '../../secrets/redact.js';
import type { MigrationReport } from './postgresMigrations.js';
import { migrationSteps } from '../migrationSteps.js';

/** A database URL that is not PostgreSQL's is refused before any connection, its password never shown. */
export function checkPostgresUrl(url: string): void {
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new InputError('the database is not a PostgreSQL URL', {
      details: { database: redactDatabaseUrl(url), fix: 'give postgres://USER@HOST:PORT/DATABASE' },
    });
  }
}

/**
 * What every opener (the blocking store connection, the asynchronous pool) does with the schema migration's
 * report: a schema newer than this ledgerscan is refused, and an upgrade of an existing schema is logged.
 */
export function checkMigration(report: MigrationReport, url: string, startedMs: number, log?: (line: string) => void): void {
  const supported = migrationSteps('postgres').length;
  if (report.from > supported) {
    throw new InputError('the database was written by a newer ledgerscan', {
      details: {
        database: redactDatabaseUrl(url),
        schemaVersion: report.from,
        supported,
        fix: 'upgrade ledgerscan',
      },
    });
  }
  if (report.from > 0 && report.to > report.from) {
    const records = report.records;
    log?.(
      `upgraded the database schema from ${report.from} to ${report.to} (${records} stored record${records === 1 ? '' : 's'}) in ${((performance.now() - startedMs) / 1000).toFixed(1)} s`,
    );
  }
}

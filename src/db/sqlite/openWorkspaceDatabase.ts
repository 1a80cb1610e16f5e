import path from 'node:path';
import type Database from 'better-sqlite3';
import { openSqlite } from './openSqlite.js';
import { InputError, LedgerscanError } from '../../errors/LedgerscanError.js';
import { makeDirectory } from '../../makeDirectory.js';
import { migrationSteps } from '../migrationSteps.js';
import { runSqliteSteps, userVersion } from './runSqliteSteps.js';

/**
 * Opens (or creates) `workspace.db` in WAL and runs the steps of `migrations/workspace/` it has not run (step 1 is
 * written with IF NOT EXISTS: files made before the steps were numbered hold it at version 0). Synchronous: it runs
 * once, at start.
 */
export function openWorkspaceDatabase(file: string): Database.Database {
  let db: Database.Database | undefined;
  try {
    makeDirectory(path.dirname(file));
    db = openSqlite(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    // A book's transactions table runs to a GB at a million entries: its index walks and row reads stay in memory.
    db.pragma('cache_size = -65536');
    db.pragma('mmap_size = 268435456');
    migrate(db, file);
    return db;
  } catch (cause) {
    db?.close();
    // Ours already says what is wrong: a bad file or a newer schema (InputError), or an install missing its steps.
    if (cause instanceof LedgerscanError) throw cause;
    throw new InputError('cannot open the workspace database', {
      details: { path: file, fix: 'point --data at a writable folder' },
      cause,
    });
  }
}

function migrate(db: Database.Database, file: string): void {
  const steps = migrationSteps('workspace');
  const found = userVersion(db);
  if (found > steps.length) {
    throw new InputError('the workspace database was written by a newer ledgerscan', {
      details: { path: file, schemaVersion: found, supported: steps.length, fix: 'upgrade ledgerscan' },
    });
  }
  runSqliteSteps(db, steps);
}

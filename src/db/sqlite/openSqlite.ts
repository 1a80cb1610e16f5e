import { createRequire } from 'node:module';
import type Database from 'better-sqlite3';

/**
 * better-sqlite3 12 is the last line that runs on Node 20 (13 crashes it), but on Node 24.19 and later 12 aborts
 * the process when a collected statement unregisters its cleanup hook (`RemoveEnvironmentCleanupHook`: env !=
 * nullptr), which 13 fixed. Both are installed (13 as `better-sqlite3-node22`, with prebuilt binaries), and each
 * Node gets the line that runs on it; the API we use is the same in both.
 */
const NODE_MAJOR = Number(process.versions.node.split('.')[0]);
const SqliteDatabase = createRequire(import.meta.url)(NODE_MAJOR >= 22 ? 'better-sqlite3-node22' : 'better-sqlite3') as typeof Database;

/** A SQLite database file opened (created when missing) with the binding that runs on this Node. */
export function openSqlite(file: string, options?: Database.Options): Database.Database {
  return new SqliteDatabase(file, options);
}

import path from 'node:path';
import type Database from 'better-sqlite3';
import { openSqlite } from './openSqlite.js';
import { InputError } from '../../errors/LedgerscanError.js';
import { makeDirectory } from '../../makeDirectory.js';

/**
 * Numbered schema steps of the embedded workspace (`workspace.db`); step N brings `user_version` from N-1 to N.
 * Append only: a step that shipped is never edited. Step 1 is the first schema, written with IF NOT EXISTS
 * because files made before the steps were numbered hold it at version 0.
 */
export const SQLITE_WORKSPACE_STEPS: readonly string[] = [
  `
CREATE TABLE IF NOT EXISTS users (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, role TEXT NOT NULL, password_hash TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tokens (token_hash TEXT PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE);
CREATE TABLE IF NOT EXISTS sessions (session_hash TEXT PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE, expires_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS books (id INTEGER PRIMARY KEY, data TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS runs (
  id INTEGER PRIMARY KEY, book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE, request TEXT NOT NULL,
  status TEXT NOT NULL, trigger TEXT NOT NULL, progress TEXT NOT NULL, summary TEXT, error TEXT, files TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL, started_at TEXT, finished_at TEXT);
CREATE INDEX IF NOT EXISTS runs_by_book ON runs (book_id, id);
CREATE INDEX IF NOT EXISTS runs_by_status ON runs (status, id);
CREATE TABLE IF NOT EXISTS run_log (run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE, seq INTEGER PRIMARY KEY, line TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS schedules (
  book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE, kind TEXT NOT NULL, cron TEXT NOT NULL, zone TEXT NOT NULL,
  templates TEXT NOT NULL, last_fired_at TEXT, PRIMARY KEY (book_id, kind));
CREATE TABLE IF NOT EXISTS shares (
  id TEXT PRIMARY KEY, token_hash TEXT NOT NULL UNIQUE, run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  expires_at TEXT NOT NULL, revoked_at TEXT);
CREATE TABLE IF NOT EXISTS share_downloads (share_id TEXT NOT NULL REFERENCES shares(id) ON DELETE CASCADE, file TEXT NOT NULL, at TEXT NOT NULL);
`,
  `
ALTER TABLE runs ADD COLUMN stop_requested INTEGER NOT NULL DEFAULT 0;
ALTER TABLE runs ADD COLUMN api_key_name TEXT;
`,
  `
-- A book with closed periods is archived, never deleted: hidden from the list, its filed periods and runs kept.
ALTER TABLE books ADD COLUMN archived_at TEXT;
`,
  `
-- Corrections made in the workspace, applied after the job's rules in id order; AUTOINCREMENT never reuses a
-- removed rule's id, so "rule 7" in a manifest or a diff names one rule for good.
CREATE TABLE IF NOT EXISTS book_rules (
  id INTEGER PRIMARY KEY AUTOINCREMENT, book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  rule TEXT NOT NULL, reason TEXT NOT NULL, author TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS book_rules_by_book ON book_rules (book_id, id);
`,
  `
-- The audit log (src/workspace/SqlAuditLog.ts): who did what, when by this database's clock. No foreign keys: an
-- entry outlives its user and book. Append-only: the triggers refuse any UPDATE or DELETE, whoever asks.
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY, at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), user_id INTEGER, user_name TEXT,
  via TEXT NOT NULL, action TEXT NOT NULL, book_id INTEGER, target TEXT NOT NULL, before_json TEXT, after_json TEXT);
CREATE INDEX audit_log_by_book ON audit_log (book_id, id);
CREATE INDEX audit_log_by_user ON audit_log (user_name, id);
CREATE INDEX audit_log_by_at ON audit_log (at, id);
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
`,
];

/**
 * Opens (or creates) `workspace.db` in WAL and runs the steps it has not run, each with its version in one
 * immediate transaction, so two processes opening it at once upgrade it once. Synchronous: it runs once, at start.
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
    migrate(db, file);
    return db;
  } catch (cause) {
    db?.close();
    if (cause instanceof InputError) throw cause;
    throw new InputError('cannot open the workspace database', { details: { path: file, fix: 'point --data at a writable folder' }, cause });
  }
}

function migrate(db: Database.Database, file: string): void {
  const version = (): number => db.pragma('user_version', { simple: true }) as number;
  const found = version();
  if (found > SQLITE_WORKSPACE_STEPS.length) {
    throw new InputError('the workspace database was written by a newer ledgerscan', {
      details: { path: file, schemaVersion: found, supported: SQLITE_WORKSPACE_STEPS.length, fix: 'upgrade ledgerscan' },
    });
  }
  const step = db.transaction(() => {
    const current = version();
    if (current >= SQLITE_WORKSPACE_STEPS.length) return false;
    db.exec(SQLITE_WORKSPACE_STEPS[current] as string);
    db.pragma(`user_version = ${current + 1}`);
    return true;
  });
  let stepped = true;
  while (stepped) stepped = step.immediate();
}

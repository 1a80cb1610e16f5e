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
  `
-- A book's ledger materialized for the transactions table (src/workspace/SqlBookEntries.ts): each refresh writes a new
-- entry set, and one update of entry_views makes it the book's current one, so readers never see half of a refresh.
-- seq is the ledger order (time first); the indexes lead with the set and end with seq, so a filter's first page is
-- read in order from its index. Reviews and notes are keyed by the stable entry id and survive every refresh.
CREATE TABLE IF NOT EXISTS entry_sets (
  id INTEGER PRIMARY KEY AUTOINCREMENT, book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  columns TEXT NOT NULL, entries INTEGER NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS entry_views (book_id INTEGER PRIMARY KEY REFERENCES books(id) ON DELETE CASCADE, set_id INTEGER NOT NULL, refreshed_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS book_entries (
  set_id INTEGER NOT NULL REFERENCES entry_sets(id) ON DELETE CASCADE, seq INTEGER NOT NULL, entry_id TEXT NOT NULL,
  timestamp INTEGER NOT NULL, chain_id INTEGER NOT NULL, tx_hash TEXT NOT NULL, wallet TEXT NOT NULL, direction TEXT NOT NULL,
  asset TEXT NOT NULL, asset_contract TEXT NOT NULL, token_id TEXT NOT NULL, amount_raw TEXT NOT NULL, decimals INTEGER,
  counterparty TEXT NOT NULL, category TEXT NOT NULL, spam INTEGER NOT NULL, search TEXT NOT NULL, cells TEXT NOT NULL,
  PRIMARY KEY (set_id, seq)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS book_entries_by_time ON book_entries (set_id, timestamp, seq);
CREATE INDEX IF NOT EXISTS book_entries_by_wallet ON book_entries (set_id, wallet, seq);
CREATE INDEX IF NOT EXISTS book_entries_by_wallet_category ON book_entries (set_id, wallet, category, seq);
CREATE INDEX IF NOT EXISTS book_entries_by_spam ON book_entries (set_id, spam, seq);
CREATE INDEX IF NOT EXISTS book_entries_by_chain ON book_entries (set_id, chain_id, seq);
CREATE INDEX IF NOT EXISTS book_entries_by_category ON book_entries (set_id, category, seq);
CREATE INDEX IF NOT EXISTS book_entries_by_asset ON book_entries (set_id, asset, seq);
CREATE INDEX IF NOT EXISTS book_entries_by_contract ON book_entries (set_id, asset_contract, seq);
CREATE INDEX IF NOT EXISTS book_entries_by_hash ON book_entries (set_id, tx_hash, seq);
CREATE INDEX IF NOT EXISTS book_entries_by_entry ON book_entries (set_id, entry_id);
-- A text filter's count reads this narrow index, not every row: without it SQLite counted through the entry-id index, a row lookup each.
CREATE INDEX IF NOT EXISTS book_entries_by_text ON book_entries (set_id, search);
CREATE TABLE IF NOT EXISTS entry_reviews (
  book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE, entry_id TEXT NOT NULL, status TEXT NOT NULL,
  author TEXT NOT NULL, at TEXT NOT NULL, PRIMARY KEY (book_id, entry_id));
CREATE INDEX IF NOT EXISTS entry_reviews_by_status ON entry_reviews (book_id, status);
CREATE TABLE IF NOT EXISTS entry_notes (
  seq INTEGER PRIMARY KEY, book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE, entry_id TEXT NOT NULL,
  author TEXT NOT NULL, at TEXT NOT NULL, text TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS entry_notes_by_entry ON entry_notes (book_id, entry_id, seq);
`,
  `
-- A book's manual prices (src/workspace/bookPriceFile.ts): each run of the book gets them as its price file, the
-- file source first. Rows, not a file, so every worker of a distributed workspace reads the same list.
CREATE TABLE IF NOT EXISTS book_prices (
  id INTEGER PRIMARY KEY AUTOINCREMENT, book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  time TEXT NOT NULL, chain_id INTEGER NOT NULL, asset TEXT NOT NULL, currency TEXT NOT NULL, price TEXT NOT NULL,
  author TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS book_prices_by_book ON book_prices (book_id, id);
  `,
  `
-- Each entry's value in the book's currency as its ledger.csv cells say it (empty: unvalued), for the view's value totals.
ALTER TABLE book_entries ADD COLUMN value TEXT NOT NULL DEFAULT '';
ALTER TABLE book_entries ADD COLUMN value_currency TEXT NOT NULL DEFAULT '';
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
    // A book's transactions table runs to a GB at a million entries: its index walks and row reads stay in memory.
    db.pragma('cache_size = -65536');
    db.pragma('mmap_size = 268435456');
    migrate(db, file);
    return db;
  } catch (cause) {
    db?.close();
    if (cause instanceof InputError) throw cause;
    throw new InputError('cannot open the workspace database', {
      details: { path: file, fix: 'point --data at a writable folder' },
      cause,
    });
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

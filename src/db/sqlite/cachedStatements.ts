import type Database from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Statements kept: the workspace asks a few dozen distinct SQL texts, and lists of ids (`IN (?, ?, …)`) a few more
 * lengths; past this the oldest is dropped so odd lengths cannot grow the map.
 */
const KEPT = 256;

/**
 * The workspace file as Kysely's SQLite dialect sees it, each SQL text prepared once: Kysely prepares every query
 * anew, and preparing was 7 % of the server's CPU answering the books list and the front page at 1,000 books (a CPU
 * profile of `npm run bench -- --books`). A statement still running (an open iteration) is never handed out again:
 * that query gets one of its own.
 */
export function cachedStatements(db: Database.Database): SqliteDatabase {
  const kept = new Map<string, Database.Statement>();
  return {
    close: () => {
      kept.clear();
      db.close();
    },
    prepare: (text: string): SqliteStatement => {
      const found = kept.get(text);
      if (found !== undefined && !found.busy) return found;
      const statement = db.prepare(text);
      if (found === undefined) {
        if (kept.size >= KEPT) kept.delete(kept.keys().next().value as string);
        kept.set(text, statement);
      }
      return statement;
    },
  };
}

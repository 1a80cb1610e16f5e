import type Database from 'better-sqlite3';

/** The schema version a SQLite file records (`PRAGMA user_version`): the number of steps it has run. */
export function userVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Runs the steps the file has not run, each with its `user_version` bump in one immediate transaction that reads the
 * version again: two processes opening the file at once upgrade it once, the second waiting for the first.
 */
export function runSqliteSteps(db: Database.Database, steps: readonly string[]): void {
  const step = db.transaction(() => {
    const current = userVersion(db);
    const sql = steps[current];
    if (sql === undefined) return false;
    db.exec(sql);
    db.pragma(`user_version = ${current + 1}`);
    return true;
  });
  let stepped = true;
  while (stepped) stepped = step.immediate();
}

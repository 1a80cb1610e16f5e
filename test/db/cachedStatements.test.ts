import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { cachedStatements } from '../../src/db/sqlite/cachedStatements.js';
import { openSqlite } from '../../src/db/sqlite/openSqlite.js';

describe('cachedStatements', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-statements-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('prepares a SQL text once, but never hands out a statement that is still iterating', () => {
    const db = openSqlite(path.join(dir, 'a.db'));
    const cached = cachedStatements(db);
    db.exec('CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1), (2), (3)');
    const select = 'SELECT n FROM t ORDER BY n';
    const first = cached.prepare(select);
    expect(cached.prepare(select)).toBe(first);
    const rows = first.iterate([]);
    expect(rows.next().value).toEqual({ n: 1 });
    const meanwhile = cached.prepare(select);
    expect(meanwhile).not.toBe(first);
    expect(meanwhile.all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect([...rows]).toEqual([{ n: 2 }, { n: 3 }]);
    expect(cached.prepare(select)).toBe(first);
    cached.close();
    expect(db.open).toBe(false);
  });

  it('keeps at most 256 texts, the oldest dropped first', () => {
    const cached = cachedStatements(openSqlite(path.join(dir, 'b.db')));
    const texts = Array.from({ length: 257 }, (_, index) => `SELECT ${index} AS n`);
    const statements = texts.map((text) => cached.prepare(text));
    expect(cached.prepare(texts[256]!)).toBe(statements[256]);
    expect(cached.prepare(texts[1]!)).toBe(statements[1]);
    expect(cached.prepare(texts[0]!)).not.toBe(statements[0]);
    cached.close();
  });

  it("answers Kysely's queries, reads and writes, as the plain file does", async () => {
    const db = new Kysely<{ t: { n: number } }>({
      dialect: new SqliteDialect({ database: cachedStatements(openSqlite(path.join(dir, 'c.db'))) }),
    });
    await sql`CREATE TABLE t (n INTEGER)`.execute(db);
    for (const n of [3, 1, 2]) await db.insertInto('t').values({ n }).execute();
    const read = (): Promise<number[]> =>
      db
        .selectFrom('t')
        .select('n')
        .orderBy('n')
        .execute()
        .then((rows) => rows.map((row) => row.n));
    expect(await read()).toEqual([1, 2, 3]);
    await db.deleteFrom('t').where('n', '=', 2).execute();
    expect(await read()).toEqual([1, 3]);
    const streamed: number[] = [];
    for await (const row of db.selectFrom('t').select('n').orderBy('n').stream()) streamed.push(row.n);
    expect(streamed).toEqual([1, 3]);
    await db.destroy();
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import { openPostgresWorkspaceData, openSqliteWorkspaceData } from '../../src/workspace/openWorkspaceData.js';
import type { WorkspaceData } from '../../src/workspace/WorkspaceData.js';
import { createDatabase, describeWithPostgres, dropDatabase, queryDatabase } from '../support/postgres.js';
import { runInProcess } from '../support/runLedgerscan.js';
import { tempDir } from '../support/workspaceHarness.js';

/** Three entries, a book's and two without, one of whose texts a spreadsheet would run as a formula. */
async function fill(data: WorkspaceData): Promise<void> {
  await data.audit.record(
    { id: 1, name: 'ada', via: 'session' },
    { action: 'book.created', book: 7, target: 'book 7', after: { name: '=HYPERLINK("x")' } },
  );
  await data.audit.record({ id: null, name: null, via: 'anonymous' }, { action: 'login.failed', target: 'user mallory' });
  await data.audit.record(
    { id: 1, name: 'ada', via: 'bearer' },
    { action: 'book.edited', book: 7, target: 'book 7', before: { name: 'a, b' }, after: { name: 'c "d"' } },
  );
}

/** `ledgerscan audit` on the workspace `args` name: its CSV rows, oldest first, each cell as written. */
async function auditCsv(args: string[], cwd: string): Promise<Record<string, string>[]> {
  const outcome = await runInProcess(['audit', ...args], { cwd });
  expect(outcome).toMatchObject({ code: 0, stderr: '' });
  return parse(outcome.stdout, { columns: true }) as Record<string, string>[];
}

function expectCsv(rows: Record<string, string>[]): void {
  expect(rows.map((row) => [row.user, row.via, row.action, row.book, row.target])).toEqual([
    ['ada', 'session', 'book.created', '7', 'book 7'],
    ['', 'anonymous', 'login.failed', '', 'user mallory'],
    ['ada', 'bearer', 'book.edited', '7', 'book 7'],
  ]);
  expect(rows[2]).toMatchObject({ before: '{"name":"a, b"}', after: '{"name":"c \\"d\\""}' });
  // The formula in a book name stays text in a spreadsheet.
  expect(rows[0]?.after).toBe('{"name":"=HYPERLINK(\\"x\\")"}');
  for (const row of rows) expect(row.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
}

describe('the audit log on SQLite', () => {
  const dir = tempDir('audit-sqlite');
  const file = path.join(dir, 'workspace.db');

  beforeAll(async () => {
    const data = openSqliteWorkspaceData(file);
    await fill(data);
    await data.close();
  });

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses UPDATE and DELETE of its rows in the database itself', () => {
    const db = new Database(file);
    try {
      expect(() => db.prepare("UPDATE audit_log SET user_name = 'eve'").run()).toThrow(/append-only/);
      expect(() => db.prepare('DELETE FROM audit_log').run()).toThrow(/append-only/);
      expect(db.prepare('SELECT count(*) AS n FROM audit_log').get()).toEqual({ n: 3 });
    } finally {
      db.close();
    }
  });

  it('prints as CSV with ledgerscan audit --data, filtered as asked', async () => {
    expectCsv(await auditCsv(['--data', dir], dir));
    expect((await auditCsv(['--data', dir, '--action', 'login.failed'], dir)).map((row) => row.target)).toEqual(['user mallory']);
    const refused = await runInProcess(['audit', '--data', dir, '--action', 'login.falied'], { cwd: dir });
    expect(refused).toMatchObject({
      code: 2,
      stdout: '',
      stderr: expect.stringMatching(/^ledgerscan: action "login.falied" is not an audited action/),
    });
  });
});

describeWithPostgres('the audit log on PostgreSQL', (server) => {
  let url: string;

  beforeAll(async () => {
    url = await createDatabase(server);
    const { data } = await openPostgresWorkspaceData(url);
    await fill(data);
    await data.close();
  });

  afterAll(async () => {
    if (url !== undefined) await dropDatabase(url);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of its rows in the database itself', async () => {
    for (const statement of [
      "UPDATE ledgerscan.audit_log SET user_name = 'eve'",
      'DELETE FROM ledgerscan.audit_log',
      'TRUNCATE ledgerscan.audit_log',
    ]) {
      await expect(queryDatabase(url, statement)).rejects.toThrow(/append-only/);
    }
    expect(await queryDatabase(url, 'SELECT count(*)::int AS n FROM ledgerscan.audit_log')).toEqual([{ n: 3 }]);
  });

  it('prints as CSV with ledgerscan audit --database', async () => {
    expectCsv(await auditCsv(['--database', url], process.cwd()));
    expect((await auditCsv(['--database', url, '--book', '7'], process.cwd())).map((row) => row.action)).toEqual([
      'book.created',
      'book.edited',
    ]);
  });
});

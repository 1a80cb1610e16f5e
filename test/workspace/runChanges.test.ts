import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { migrationSteps } from '../../src/db/migrationSteps.js';
import { openPostgresWorkspaceData, openSqliteWorkspaceData } from '../../src/workspace/openWorkspaceData.js';
import type { WorkspaceData } from '../../src/workspace/WorkspaceData.js';
import { createDatabase, describeWithPostgres, dropDatabase, queryDatabase } from '../support/postgres.js';
import { tempDir } from '../support/workspaceHarness.js';

const book = { name: 'Watched', wallets: [{ address: '0x00000000000000000000000000000000000000aa' }], chains: [1] };
const NOW = '2026-03-01T12:00:00.000Z';

/** Resolves with the ids `data` announces until `count` have come (or rejects after a few seconds). */
function announced(data: WorkspaceData, count: number): Promise<(number | null)[]> {
  const seen: (number | null)[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`only ${JSON.stringify(seen)} announced`)), 5000);
    const stop = data.onRunChange((runId) => {
      if (runId === null) return;
      seen.push(runId);
      if (seen.length < count) return;
      clearTimeout(timer);
      stop();
      resolve(seen);
    });
  });
}

describe('run changes on SQLite', () => {
  it('announces a run’s new row, its updates and its log lines, in-process', async () => {
    const data = openSqliteWorkspaceData(path.join(tempDir('changes'), 'workspace.db'));
    try {
      const bookId = (await data.addBook(book, NOW)).id;
      const seen = announced(data, 3);
      const run = await data.addRun(bookId, { kind: 'sync' }, 'manual', NOW);
      await data.updateRun(run.id, { status: 'running' });
      await data.appendLog(run.id, 'a line');
      expect(await seen).toEqual([run.id, run.id, run.id]);
      expect(await data.runLog(run.id, 0)).toEqual(['a line']);
      expect(await data.runLog(run.id, 1)).toEqual([]);
    } finally {
      await data.close();
    }
  });
});

describeWithPostgres('run changes on PostgreSQL', (server) => {
  const databases: string[] = [];
  afterAll(async () => {
    for (const url of databases) await dropDatabase(url);
  });

  it('upgrades a schema of the previous release in place, and announces what another process writes', async () => {
    const url = await createDatabase(server);
    databases.push(url);
    // The schema as the previous release left it: its three steps, with a book and a run in it.
    await queryDatabase(
      url,
      'CREATE SCHEMA ledgerscan',
      'CREATE TABLE ledgerscan.schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      'SET search_path = ledgerscan',
      ...migrationSteps('postgres').slice(0, 3),
      'INSERT INTO schema_migrations (version) VALUES (1), (2), (3)',
      `INSERT INTO books (data, created_at, updated_at) VALUES ('${JSON.stringify(book)}', '${NOW}', '${NOW}')`,
      `INSERT INTO runs (book_id, request, status, trigger, progress, created_at) VALUES (1, '{"kind":"sync"}', 'running', 'manual', '{}', '${NOW}')`,
    );
    const lines: string[] = [];
    const { data: server1 } = await openPostgresWorkspaceData(url, { log: (line) => lines.push(line) });
    const { data: worker } = await openPostgresWorkspaceData(url);
    try {
      expect(lines.join('\n')).toMatch(/upgraded the database schema from 3 to /);
      expect(await server1.getRun(1)).toMatchObject({ status: 'running', request: { kind: 'sync' } });
      // Listening starts with the first subscriber; the other process writes once its LISTEN has taken effect
      // (announced as null: read everything once).
      const listening = new Promise<void>((resolve) => {
        const stop = server1.onRunChange((runId) => {
          if (runId !== null) return;
          stop();
          resolve();
        });
      });
      const seen = announced(server1, 2);
      await listening;
      await worker.appendLog(1, 'from a worker');
      await worker.updateRun(1, { status: 'succeeded' });
      expect(await seen).toEqual([1, 1]);
      expect(await server1.runLog(1)).toEqual(['from a worker']);
    } finally {
      await server1.close();
      await worker.close();
    }
  });
});

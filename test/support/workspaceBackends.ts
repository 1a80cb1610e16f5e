import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe } from '@jest/globals';
import type { Kysely } from 'kysely';
import { openPostgresWorkspaceData, openSqliteWorkspace } from '../../src/workspace/openWorkspaceData.js';
import type { WorkspaceData } from '../../src/workspace/WorkspaceData.js';
import type { WorkspaceTables } from '../../src/workspace/workspaceRows.js';
import { createDatabase, describeWithPostgres, dropDatabase } from './postgres.js';

/** A workspace opened for one case, with its database for the checks the data interface does not offer. */
export type OpenedWorkspace = { data: WorkspaceData; db: Kysely<WorkspaceTables> };

/**
 * The same cases on both backends: each `open` gives a new workspace, on SQLite in a temp folder and on PostgreSQL in a
 * database of its own (dropped afterwards), so a store's behaviour is checked once for the two.
 */
export function describeOnBothBackends(subject: string, cases: (open: () => Promise<OpenedWorkspace>) => void): void {
  describe(`${subject} on SQLite`, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-workspace-'));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
    let opened = 0;
    cases(async () => openSqliteWorkspace(path.join(dir, `workspace-${++opened}.db`)));
  });
  describeWithPostgres(`${subject} on PostgreSQL`, (server) => {
    const databases: string[] = [];
    afterAll(async () => {
      for (const url of databases) await dropDatabase(url);
    });
    cases(async () => {
      const url = await createDatabase(server);
      databases.push(url);
      return openPostgresWorkspaceData(url);
    });
  });
}

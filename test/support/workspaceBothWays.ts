import fs from 'node:fs';
import { afterAll, beforeAll, describe } from '@jest/globals';
import { type Sandbox, startSandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import { executeRun } from '../../src/workspace/executeRun.js';
import { openDistributedWorkspace } from '../../src/workspace/openDistributedWorkspace.js';
import type { Workspace } from '../../src/workspace/Workspace.js';
import { E2E_RATE } from './e2eWorld.js';
import { createDatabase, describeWithPostgres, dropDatabase } from './postgres.js';
import { openWorkspace, tempDir } from './workspaceHarness.js';

/** A workspace over the sandbox for one suite: `execute` carries a run out (the queue embedded, in this process distributed). */
export interface SuiteWorkspace {
  workspace: Workspace;
  execute: (runId: number) => Promise<void>;
  close: () => Promise<void>;
}

/**
 * The same suite on both ways to run the workspace: embedded on SQLite with its own queue, and distributed on
 * PostgreSQL with no worker, each run carried out in this process as a worker would. Both ways share one sandbox
 * over `world`, started before the suites and closed after them.
 */
export function describeBothWays(subject: string, world: World, suite: (open: () => Promise<SuiteWorkspace>) => void): void {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ world, rate: 1000 });
  });
  afterAll(async () => {
    await sandbox.close();
  });
  describe(`${subject} on SQLite (embedded)`, () => {
    suite(async () => {
      const dataDir = tempDir('embedded');
      const workspace = openWorkspace(dataDir, sandbox, {}, E2E_RATE);
      await workspace.start({ scheduler: false });
      return {
        workspace,
        execute: () => workspace.queue.idle(),
        close: async () => {
          await workspace.close();
          fs.rmSync(dataDir, { recursive: true, force: true });
        },
      };
    });
  });
  describeWithPostgres(`${subject} on PostgreSQL (distributed)`, (server) => {
    suite(async () => {
      const database = await createDatabase(server);
      const filesDir = tempDir('distributed-files');
      const workspace = await openDistributedWorkspace({
        database,
        filesDir,
        api: { apiKey: sandbox.apiKey, baseUrl: sandbox.url, rate: E2E_RATE, historicalRate: E2E_RATE },
      });
      return {
        workspace,
        execute: async (runId) => {
          const run = await workspace.data.getRun(runId);
          if (run === undefined) throw new Error(`no run ${runId}`);
          await executeRun(workspace.runContext(workspace.api), run, new AbortController().signal);
        },
        close: async () => {
          await workspace.close();
          await dropDatabase(database);
          fs.rmSync(filesDir, { recursive: true, force: true });
        },
      };
    });
  });
}

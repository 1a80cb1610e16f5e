import fs from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import { WORLD_END, WORLD_START } from '../../src/sandbox/worldSpan.js';
import type { RunRequest } from '../../src/runs/RunRequest.js';
import { openDistributedWorkspace } from '../../src/workspace/openDistributedWorkspace.js';
import type { Workspace } from '../../src/workspace/Workspace.js';
import { E2E_CHAINS, E2E_RATE, e2eWorld } from '../support/e2eWorld.js';
import { createDatabase, describeWithPostgres, dropDatabase } from '../support/postgres.js';
import { openWorkspace, runHere, tempDir } from '../support/workspaceHarness.js';

const DAY_SECONDS = 86_400;
const world = e2eWorld();
const day = (time: number): string => new Date(time * 1000).toISOString().slice(0, 10);
/** The head of the chain the firm's nights start from; each night moves it a day, in which this wallet makes nothing. */
const FIRST_HEAD = WORLD_END - 40 * DAY_SECONDS;

interface Night {
  entries: number;
  written: number;
  cells: string[];
}

/**
 * A firm's nights for one book (its first wallet, which the world gave ETH at genesis), as the firm-night bench
 * runs them: a cold export of the period from the world's start, then a reconcile each night, its period ending on
 * the day before the head, each run carried out here as a worker would.
 */
async function nights(workspace: Workspace, grow: () => void): Promise<Night[]> {
  const book = await workspace.addBook({ name: 'Idle client', wallets: [{ address: world.wallets[0]!.address }], chains: [...E2E_CHAINS] });
  const done: Night[] = [];
  for (let night = 0; night < 3; night += 1) {
    if (night > 0) grow();
    const period = { from: day(WORLD_START), to: day(FIRST_HEAD + night * DAY_SECONDS - 1) };
    const request: RunRequest = night === 0 ? { kind: 'export', period, templates: ['ledger'] } : { kind: 'reconcile', period };
    const refreshed = await runHere(workspace, book.id, request);
    const page = await workspace.entries.page(book.id, {}, null, 100_000);
    done.push({ ...refreshed, cells: page.entries.map((entry) => JSON.stringify(entry.cells)) });
  }
  return done;
}

/**
 * What the firm-night bench's "warm night that added no transaction" rewrote: the first reconcile after an export
 * syncs the wallets' history below the export's period (a genesis allocation), whose rows come first in ledger order
 * and move every 500-row digest after them — once. A night that adds nothing to the book writes nothing after it.
 */
function expectIdleNights([exported, first, idle]: Night[]): void {
  expect(exported!.written).toBe(exported!.entries);
  expect(first!.entries).toBeGreaterThan(exported!.entries);
  expect(first!.cells[0]).toContain('"genesis"');
  const prepended = first!.cells.indexOf(exported!.cells[0]!);
  expect(prepended).toBeGreaterThan(0);
  expect(first!.cells.slice(prepended, prepended + exported!.entries)).toEqual(exported!.cells);
  expect(first!.written).toBe(first!.entries);
  expect(idle).toEqual({ entries: first!.entries, written: 0, cells: first!.cells });
}

describe("an idle book's table on a firm's nights (embedded)", () => {
  it('is rewritten once, by the reconcile that adds the history below the export, and left alone on the nights after', async () => {
    const sandbox = await startSandbox({ world, rate: 1000, headTime: FIRST_HEAD });
    const dir = tempDir('idle-night');
    const workspace = openWorkspace(dir, sandbox);
    try {
      expectIdleNights(await nights(workspace, () => sandbox.growByDay()));
    } finally {
      await workspace.close();
      await sandbox.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describeWithPostgres("an idle book's table on a firm's nights (distributed)", (server) => {
  it('is rewritten once, by the reconcile that adds the history below the export, and left alone on the nights after', async () => {
    const sandbox = await startSandbox({ world, rate: 1000, headTime: FIRST_HEAD });
    const database = await createDatabase(server);
    const filesDir = tempDir('idle-night-pg');
    const api = { apiKey: sandbox.apiKey, baseUrl: sandbox.url, rate: E2E_RATE, historicalRate: E2E_RATE };
    const workspace = await openDistributedWorkspace({ database, filesDir, api });
    try {
      expectIdleNights(await nights(workspace, () => sandbox.growByDay()));
    } finally {
      await workspace.close();
      await dropDatabase(database);
      await sandbox.close();
      fs.rmSync(filesDir, { recursive: true, force: true });
    }
  }, 120_000);
});

import fs from 'node:fs';
import { expect, it, jest } from '@jest/globals';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import { WORLD_END } from '../../src/sandbox/worldSpan.js';
import { PostgresStore } from '../../src/store/postgres/PostgresStore.js';
import type { RunRequest } from '../../src/runs/RunRequest.js';
import { openDistributedWorkspace } from '../../src/workspace/openDistributedWorkspace.js';
import { E2E_RATE, e2eWorld } from '../support/e2eWorld.js';
import { createDatabase, describeWithPostgres, dropDatabase, queryDatabase } from '../support/postgres.js';
import { runHere, tempDir, worldBook } from '../support/workspaceHarness.js';

const DAY_SECONDS = 86_400;
const world = e2eWorld();

describeWithPostgres("a night's reconcile and the transactions table (distributed)", (server) => {
  it('writes nothing of the table when the chain did not move, only the last rows when it grew, and the table is what a whole build makes', async () => {
    // The chain as seen 40 days before the world's end; the nights move its head on.
    const sandbox = await startSandbox({ world, rate: 1000, headTime: WORLD_END - 40 * DAY_SECONDS });
    const database = await createDatabase(server);
    const filesDir = tempDir('nightly-table');
    const workspace = await openDistributedWorkspace({
      database,
      filesDir,
      api: { apiKey: sandbox.apiKey, baseUrl: sandbox.url, rate: E2E_RATE, historicalRate: E2E_RATE },
    });
    try {
      const book = await workspace.addBook(worldBook(world, 'Nightly client'));
      // The store's reads of a chain's whole history: the reconcile's, which the table's refresh after it takes over.
      const reads = jest.spyOn(PostgresStore.prototype, 'iterateRecords');
      /** A run of the book carried out here, as a worker would; its log line of the table's refresh. */
      const run = async (request: RunRequest): Promise<{ entries: number; written: number }> => {
        reads.mockClear();
        const refreshed = await runHere(workspace, book.id, request);
        const chains = reads.mock.calls.filter(([, , fromBlock]) => fromBlock === 0).map(([chainId]) => chainId);
        expect(chains.length).toBeGreaterThan(0);
        expect(chains).toEqual([...new Set(chains)]);
        return refreshed;
      };
      const shown = async (): Promise<{ setId: number; cells: string[] }> => {
        const [set] = await queryDatabase(database, 'SELECT set_id FROM ledgerscan.entry_views');
        const page = await workspace.entries.page(book.id, {}, null, 100_000);
        return { setId: Number(set?.set_id), cells: page.entries.map((entry) => JSON.stringify(entry.cells)) };
      };

      const cold = await run({ kind: 'reconcile' });
      expect(cold.entries).toBeGreaterThan(400);
      expect(cold.written).toBe(cold.entries);
      const exported = await shown();

      // The same chain the next night: the table is the night before's, not a row written.
      expect(await run({ kind: 'reconcile' })).toEqual({ entries: cold.entries, written: 0 });
      expect(await shown()).toEqual(exported);

      // A month of new transactions: they are written with the last 500 rows before them, into the same set.
      for (let day = 0; day < 30; day += 1) sandbox.growByDay();
      const grown = await run({ kind: 'reconcile' });
      expect(grown.entries).toBeGreaterThan(cold.entries);
      expect(grown.written).toBeGreaterThanOrEqual(grown.entries - cold.entries);
      expect(grown.written).toBeLessThan(grown.entries);
      const night = await shown();
      expect(night.setId).toBe(exported.setId);
      expect(night.cells.slice(0, cold.entries - 500)).toEqual(exported.cells.slice(0, cold.entries - 500));

      // What a whole build of the same store makes, digests forgotten: the same table, cell for cell.
      await queryDatabase(database, "UPDATE ledgerscan.entry_sets SET digests = ''");
      expect(await workspace.refreshEntries((await workspace.data.getBook(book.id))!)).toBe(grown.entries);
      const whole = await shown();
      expect(whole.setId).toBeGreaterThan(night.setId);
      expect(whole.cells).toEqual(night.cells);
    } finally {
      await workspace.close();
      await dropDatabase(database);
      await sandbox.close();
      fs.rmSync(filesDir, { recursive: true, force: true });
    }
  }, 180_000);
});

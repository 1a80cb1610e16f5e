import { expect, it } from '@jest/globals';
import { openDistributedWorkspace } from '../../src/workspace/openDistributedWorkspace.js';
import { createDatabase, describeWithPostgres, dropDatabase, queryDatabase } from '../support/postgres.js';
import { tempDir } from '../support/workspaceHarness.js';

const wallet = (n: number): string => `0x${n.toString(16).padStart(40, '0')}`;

/** The jobs' keys, in order. */
async function jobKeys(database: string): Promise<string[]> {
  return (await queryDatabase(database, 'SELECT key FROM graphile_worker.jobs ORDER BY key')).map((row) => String(row['key']));
}

describeWithPostgres('the distributed queue after a process killed between a run and its job', (server) => {
  it('adds the job of every queued run left without one, within seconds, and of no other run', async () => {
    const database = await createDatabase(server);
    const workspace = await openDistributedWorkspace({
      database,
      filesDir: tempDir('orphaned-runs'),
      api: { apiKey: 'orphaned-runs-key', baseUrl: 'http://127.0.0.1:9/v2/api', rate: 5 },
    });
    try {
      await workspace.start({ scheduler: false });
      const { data } = workspace;
      const book = await workspace.addBook({ name: 'Orphans', wallets: [{ address: wallet(1) }], chains: [1] });
      // What a scheduler killed after writing leaves: a new run, and a deferred run queued again, neither with a job.
      const fired = await data.addRun(book.id, { kind: 'reconcile' }, 'schedule', new Date().toISOString());
      const deferred = await data.addRun(book.id, { kind: 'reconcile' }, 'schedule', new Date().toISOString());
      await data.updateRun(deferred.id, { status: 'deferred', resumeAt: '2000-01-01T00:00:00.000Z' });
      expect(await data.nights.requeueDeferred(deferred.id)).toBe(true);
      // Runs no worker should take: one finished, one still deferred.
      const done = await data.addRun(book.id, { kind: 'reconcile' }, 'manual', new Date().toISOString());
      await data.updateRun(done.id, { status: 'succeeded', finishedAt: new Date().toISOString() });
      const waiting = await data.addRun(book.id, { kind: 'reconcile' }, 'schedule', new Date().toISOString());
      await data.updateRun(waiting.id, { status: 'deferred', resumeAt: '2099-01-01T00:00:00.000Z' });
      expect(await jobKeys(database)).toEqual([]);

      const wanted = [fired.id, deferred.id].map((id) => `ledgerscan_run_${id}`).sort();
      const until = Date.now() + 30_000;
      while ((await jobKeys(database)).length < wanted.length && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 250));
      expect(await jobKeys(database)).toEqual(wanted);
      // Runs that have their job are left alone: one job a run, however many looks go by.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(await jobKeys(database)).toEqual(wanted);
    } finally {
      await workspace.close();
      await dropDatabase(database);
    }
  }, 60_000);
});

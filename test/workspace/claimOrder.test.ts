import { expect, it } from '@jest/globals';
import { openDistributedWorkspace } from '../../src/workspace/openDistributedWorkspace.js';
import { createDatabase, describeWithPostgres, dropDatabase, queryDatabase } from '../support/postgres.js';
import type { Book } from '../../src/workspace/WorkspaceData.js';
import { tempDir } from '../support/workspaceHarness.js';

const wallet = (n: number): string => `0x${n.toString(16).padStart(40, '0')}`;

describeWithPostgres('the distributed queue’s claim order', (server) => {
  it('takes the books expected short before a long one queued earlier, and the long one before books queued much later', async () => {
    const database = await createDatabase(server);
    let clock = new Date('2026-11-29T02:00:00.000Z');
    const workspace = await openDistributedWorkspace({
      database,
      filesDir: tempDir('claim-order'),
      api: { apiKey: 'claim-order-key', baseUrl: 'http://127.0.0.1:9/v2/api', rate: 5 },
      now: () => clock,
    });
    try {
      const { data } = workspace;
      const books: Book[] = [];
      for (let n = 1; n <= 4; n += 1)
        books.push(await workspace.addBook({ name: `Book ${n}`, wallets: [{ address: wallet(n) }], chains: [1] }));
      // Last night's reconciles: book 1 took an hour, books 2 and 3 ten seconds; book 4 never ran.
      for (const [index, seconds] of [3_600, 10, 10].entries()) {
        const run = await data.addRun(books[index]!.id, { kind: 'reconcile' }, 'schedule', '2026-11-28T02:00:00.000Z');
        await data.updateRun(run.id, {
          status: 'succeeded',
          startedAt: '2026-11-28T02:00:00.000Z',
          finishedAt: new Date(Date.parse('2026-11-28T02:00:00.000Z') + seconds * 1000).toISOString(),
        });
      }
      const queued: number[] = [];
      const enqueue = async (index: number): Promise<void> => {
        queued.push((await workspace.queue.enqueue(books[index]!.id, { kind: 'reconcile' }, 'schedule')).id);
      };
      // The long book first, then the short ones and the new one within the minute; a short one again 13 minutes on.
      await enqueue(0);
      clock = new Date('2026-11-29T02:00:20.000Z');
      await enqueue(1);
      await enqueue(3);
      clock = new Date('2026-11-29T02:13:00.000Z');
      await enqueue(2);
      // graphile-worker takes a queue's jobs by priority, then run_at, then id.
      const order = await queryDatabase(database, 'SELECT key FROM graphile_worker.jobs ORDER BY priority, run_at, id');
      expect(order.map((row) => row['key'])).toEqual([queued[2], queued[1], queued[0], queued[3]].map((id) => `ledgerscan_run_${id}`));
    } finally {
      await workspace.close();
      await dropDatabase(database);
    }
  });
});

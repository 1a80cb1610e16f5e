import { describe, expect, it } from '@jest/globals';
import { e2eWorld } from '../support/e2eWorld.js';
import { openWorkspace, tempDir, worldBook } from '../support/workspaceHarness.js';

const world = e2eWorld();
const NO_API = { url: 'http://127.0.0.1:9/v2/api', apiKey: 'unused-key' };

describe('schedules on a test clock', () => {
  it('fire once per tick through a day boundary, once after a downtime, in UTC or the book zone', async () => {
    let clock = new Date('2026-03-01T22:00:00Z');
    // The queue is not started: scheduled runs stay queued, so this counts exactly what the scheduler enqueued.
    const workspace = openWorkspace(tempDir('schedules'), NO_API, { now: () => clock });
    try {
      const utc = await workspace.addBook(worldBook(world, 'UTC book'));
      const tokyo = await workspace.addBook({ ...worldBook(world, 'Tokyo book'), timezone: 'Asia/Tokyo' });
      await workspace.setSchedules(utc.id, [{ kind: 'sync', cron: '0 0 * * *', zone: 'UTC' }]);
      // Midnight in Tokyo is 15:00 UTC the day before.
      await workspace.setSchedules(tokyo.id, [
        { kind: 'sync', cron: '0 0 * * *', zone: 'book' },
        { kind: 'export', cron: '0 12 * * *', templates: ['ledger'] },
      ]);
      const runs = async (bookId: number) =>
        (await workspace.data.runsOfBook(bookId)).map((run) => `${run.request.kind}@${run.createdAt.slice(0, 16)}`).reverse();
      const tickUntil = async (end: string, stepMinutes: number): Promise<void> => {
        while (clock < new Date(end)) {
          clock = new Date(clock.getTime() + stepMinutes * 60_000);
          await workspace.scheduler.tick(clock);
        }
      };

      await tickUntil('2026-03-02T16:00:00Z', 10);
      expect(await runs(utc.id)).toEqual(['sync@2026-03-02T00:00']);
      expect(await runs(tokyo.id)).toEqual(['export@2026-03-02T12:00', 'sync@2026-03-02T15:00']);

      // Down from 16:00 on 2 March until 09:05 on 5 March: three midnights and two noons missed, each runs once.
      clock = new Date('2026-03-05T09:05:00Z');
      expect(await workspace.scheduler.tick(clock)).toBe(3);
      expect(await runs(utc.id)).toEqual(['sync@2026-03-02T00:00', 'sync@2026-03-05T09:05']);
      expect(await runs(tokyo.id)).toEqual([
        'export@2026-03-02T12:00',
        'sync@2026-03-02T15:00',
        'export@2026-03-05T09:05',
        'sync@2026-03-05T09:05',
      ]);
      expect(await workspace.scheduler.tick(clock)).toBe(0);

      // Ticks now fall on :05 and :35; each schedule fires at the first tick after its time.
      await tickUntil('2026-03-06T01:00:00Z', 30);
      expect((await runs(utc.id)).slice(2)).toEqual(['sync@2026-03-06T00:05']);
      expect((await runs(tokyo.id)).slice(4)).toEqual(['export@2026-03-05T12:05', 'sync@2026-03-05T15:05']);
      expect((await workspace.data.runsOfBook(utc.id)).every((run) => run.trigger === 'schedule' && run.status === 'queued')).toBe(true);
      await expect(workspace.setSchedules(utc.id, [{ kind: 'sync', cron: '61 * * * *' }])).rejects.toThrow(/schedules\[0\]\.cron/);
    } finally {
      await workspace.close();
    }
  });
});

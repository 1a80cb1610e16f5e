import { afterAll, describe, expect, it } from '@jest/globals';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import type { Workspace } from '../../src/workspace/Workspace.js';
import type { Book } from '../../src/workspace/WorkspaceData.js';
import { e2eWorld } from '../support/e2eWorld.js';
import { startWebhookReceiver } from '../support/webhookReceiver.js';
import type { WebhookReceiver } from '../support/webhookReceiver.js';
import { openWorkspace, tempDir, worldBook } from '../support/workspaceHarness.js';
import { addUser, login, serve } from '../support/serverHarness.js';

const world = e2eWorld();
const closing: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const item of closing.reverse()) await item.close();
});

/** Calls one cold reconcile of the world's book makes (measured, so the quota below falls mid-night whatever the world). */
async function callsOfOneBook(): Promise<number> {
  const sandbox = await startSandbox({ world, rate: 1000 });
  closing.push(sandbox);
  const workspace = openWorkspace(tempDir('night-measure'), sandbox, {}, 1000);
  closing.push(workspace);
  await workspace.start({ scheduler: false });
  const book = await workspace.addBook(worldBook(world, 'Measured'));
  await workspace.queue.enqueue(book.id, { kind: 'reconcile' }, 'manual');
  await workspace.queue.idle();
  return sandbox.stats.requests;
}

describe('a night whose daily quota runs out (embedded, on a test clock)', () => {
  it('defers the books past the quota to 00:00 UTC, sends one alert for the night, and finishes them the next day by itself', async () => {
    const perBook = await callsOfOneBook();
    let clock = new Date('2026-06-01T02:00:00Z');
    // Two and a half books a day: books 1 and 2 reconcile, 3 runs out mid-run, 4 at its first call.
    const sandbox: Sandbox = await startSandbox({ world, rate: 1000, dailyLimit: Math.floor(perBook * 2.5), now: () => clock.getTime() });
    closing.push(sandbox);
    const hook: WebhookReceiver = await startWebhookReceiver();
    closing.push(hook);
    const workspace: Workspace = openWorkspace(
      tempDir('night'),
      sandbox,
      { now: () => clock, maxRunning: 1, alerts: { webhook: { url: hook.url, secret: 'a webhook secret of length' } } },
      1000,
    );
    closing.push(workspace);
    await workspace.start({ scheduler: false });
    const books: Book[] = [];
    for (let index = 1; index <= 4; index += 1) books.push(await workspace.addBook(worldBook(world, `Client ${index}`)));

    // The default schedule: reconcile at 02:30 UTC.
    clock = new Date('2026-06-01T02:31:00Z');
    expect(await workspace.scheduler.tick(clock)).toBe(4);
    await workspace.queue.idle();
    const night = async () => Promise.all(books.map(async (book) => (await workspace.data.runsOfBook(book.id))[0]!));
    const first = await night();
    expect(first.map((run) => run.status)).toEqual(['succeeded', 'succeeded', 'deferred', 'deferred']);
    for (const run of first.slice(2)) {
      expect(run.resumeAt).toBe('2026-06-02T00:00:00.000Z');
      expect(run.error).toMatch(/daily API quota used up/);
      expect(await workspace.data.runLog(run.id)).toContainEqual(expect.stringMatching(/^deferred until 2026-06-02T00:00:00.000Z: /));
    }
    expect(await workspace.data.nights.latest()).toMatchObject({
      night: '2026-06-01',
      books: 4,
      reconciled: 2,
      differences: 0,
      failed: 0,
      deferred: 2,
      pending: 0,
      calls: { default: expect.any(Number) },
    });

    // Admins see the night on the front page and through the API; staff, whose books are some of the firm's, do not.
    const server = await serve(workspace);
    closing.push(server);
    const token = await addUser(workspace, 'lead', 'admin', 'lead password 12');
    const staff = await addUser(workspace, 'clerk', 'staff', 'clerk password 12');
    const asked = (who: string) => fetch(`${server.url}/api/nights/latest`, { headers: { authorization: `Bearer ${who}` } });
    expect(await (await asked(token)).json()).toMatchObject({
      books: 4,
      deferred: 2,
      deferredRuns: first.slice(2).map((run) => ({ bookId: run.bookId, runId: run.id, resumeAt: '2026-06-02T00:00:00.000Z' })),
    });
    expect((await asked(staff)).status).toBe(403);
    const { cookie } = await login(server.url, 'lead', 'lead password 12');
    const page = await (await fetch(`${server.url}/`, { headers: { cookie } })).text();
    expect(page).toContain('<h2>Night of 2026-06-01</h2>');
    expect(page).toContain('4 books: 2 reconciled, 0 with differences, 0 failed, 2 deferred');

    // The next look sends the night's one alert; later looks send nothing more.
    expect(hook.received).toHaveLength(0);
    clock = new Date('2026-06-01T02:32:00Z');
    await workspace.scheduler.tick(clock);
    await workspace.scheduler.tick(clock);
    expect(hook.received).toHaveLength(1);
    const alert = JSON.parse(hook.received[0]!.body) as { kind: string; summary: string; details: { deferredRuns: { runId: number }[] } };
    expect(alert.kind).toBe('night-summary');
    expect(alert.summary).toBe('4 books: 2 reconciled, 0 with differences, 0 failed, 2 deferred');
    expect(alert.details.deferredRuns.map((run) => run.runId)).toEqual(first.slice(2).map((run) => run.id));

    // Nothing resumes before midnight; at midnight both resume by themselves (no schedule fires then) and finish.
    clock = new Date('2026-06-01T23:59:00Z');
    expect(await workspace.scheduler.tick(clock)).toBe(0);
    expect((await night()).map((run) => run.status)).toEqual(['succeeded', 'succeeded', 'deferred', 'deferred']);
    clock = new Date('2026-06-02T00:00:20Z');
    expect(await workspace.scheduler.tick(clock)).toBe(0);
    await workspace.queue.idle();
    const after = await night();
    expect(after.map((run) => run.id)).toEqual(first.map((run) => run.id));
    expect(after.map((run) => [run.status, run.resumeAt])).toEqual(Array.from({ length: 4 }, () => ['succeeded', null]));
    expect(await workspace.data.runLog(after[2]!.id)).toContainEqual('queued again: its day came, the daily quota is new');
    expect(await workspace.data.nights.latest()).toMatchObject({ night: '2026-06-01', reconciled: 4, deferred: 0 });
    await workspace.scheduler.tick(clock);
    expect(hook.received).toHaveLength(1);
  });
});

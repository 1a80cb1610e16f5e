import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { E2E_CHAINS } from '../support/e2eWorld.js';
import { api } from '../support/serverProcess.js';
import { describeWithPostgres } from '../support/postgres.js';
import { startWebhookReceiver } from '../support/webhookReceiver.js';
import type { WebhookReceiver } from '../support/webhookReceiver.js';
import { openWorkspace, tempDir } from '../support/workspaceHarness.js';
import { Cluster } from './cluster.js';
import type { Static } from 'typebox';
import type { nightResponse } from '../../src/server/schemas/nights.js';

/**
 * The keys' rate at the sandbox and at the workers: the sandbox answers 429 past it. High, so that the night is
 * bound by the runs' own work, as it is at a firm, and not by seconds of waiting for send slots.
 */
const RATE = 250;
const BOOKS = 30;
/** The world's special cases only (scale 0): books of a few dozen calls, of different sizes, which 3 workers get through in seconds. */
const world = generateWorld({ seed: 1, scale: 0, chains: E2E_CHAINS });
const MEASURE_KEY = 'measure-key';
let sandbox: Sandbox;
let hook: WebhookReceiver;

/** Book i watches one wallet of the world (the i-th, round the list): 30 small books of different sizes. */
const bookOf = (index: number): Record<string, unknown> => ({
  name: `Client ${index + 1}`,
  wallets: [{ address: world.wallets[index % world.wallets.length]!.address }],
  chains: [...E2E_CHAINS],
  timezone: 'UTC',
});

/** Calls a cold reconcile of each of the 30 books makes, measured in an embedded workspace on a key of its own. */
async function callsOfTheNight(): Promise<number> {
  const workspace = openWorkspace(tempDir('firm-night-measure'), { url: sandbox.url, apiKey: MEASURE_KEY }, { maxRunning: 2 }, RATE);
  try {
    await workspace.start({ scheduler: false });
    const perWallet: number[] = [];
    for (let index = 0; index < world.wallets.length; index += 1) {
      const before = sandbox.stats.requests;
      const book = await workspace.addBook(bookOf(index));
      await workspace.queue.enqueue(book.id, { kind: 'reconcile' }, 'manual');
      await workspace.queue.idle();
      perWallet.push(sandbox.stats.requests - before);
    }
    return Array.from({ length: BOOKS }, (_, index) => perWallet[index % perWallet.length]!).reduce((sum, calls) => sum + calls, 0);
  } finally {
    await workspace.close();
  }
}

beforeAll(async () => {
  sandbox = await startSandbox({ world: world as World, rate: RATE, apiKeys: ['night-key-1', 'night-key-2', MEASURE_KEY] });
  hook = await startWebhookReceiver();
});
afterAll(async () => {
  await hook.close();
  await sandbox.close();
});

/** `GET /api/nights/latest` as its route's schema declares it. */
type Night = Static<typeof nightResponse>;

describeWithPostgres('a firm night: 30 books, 2 keys with small daily quotas, 3 workers, one killed', (serverUrl) => {
  it('reconciles or defers every book, keeps the quotas, finishes the deferred after midnight and alerts once', async () => {
    const began = Date.now();
    const mark = (what: string): void =>
      void process.stderr.write(`firm night: ${what} at ${((Date.now() - began) / 1000).toFixed(0)} s\n`);
    const needed = await callsOfTheNight();
    mark(`measured ${needed} calls`);
    // Together the keys can do about 80 % of the night: the rest (a few books) is deferred, and done the next day.
    const quota = Math.floor(needed * 0.4);
    const cluster = await Cluster.start(serverUrl, sandbox, {
      keys: {
        ETHERSCAN_API_KEYS: `k1:night-key-1:${RATE}:${quota},k2:night-key-2:${RATE}:${quota}`,
        LEDGERSCAN_WEBHOOK_URL: hook.url,
        LEDGERSCAN_WEBHOOK_SECRET: 'a webhook secret long enough',
      },
      rate: RATE,
      workers: 3,
      workerFlags: ['--scheduler-every', '1', '--schedule-jitter', '4'],
    });
    try {
      const books = (await Promise.all(
        Array.from({ length: BOOKS }, (_, index) => api(cluster.url, cluster.token, 'POST', '/api/books', bookOf(index))),
      )) as { id: number }[];
      mark('cluster and books');
      const start = { requests: sandbox.stats.requests, rateLimited: sandbox.stats.rateLimited };
      // Every book's reconcile at the same second (croner's seconds field), spread by the jitter over 4 s. Each schedule
      // is then marked last fired a minute before that second, as if saved the day before: the tick is due at once,
      // with no wait for a second far enough ahead that 30 saves on a loaded machine are surely in before it.
      const at = new Date(Math.floor(Date.now() / 1000) * 1000);
      const cron = `${at.getUTCSeconds()} ${at.getUTCMinutes()} ${at.getUTCHours()} * * *`;
      await Promise.all(
        books.map((book) =>
          api(cluster.url, cluster.token, 'PUT', `/api/books/${book.id}/schedules`, [{ kind: 'reconcile', cron, zone: 'UTC' }]),
        ),
      );
      await cluster.query('UPDATE ledgerscan.schedules SET last_fired_at = $1', [new Date(at.getTime() - 60_000).toISOString()]);
      // The night as the firm reads it, one request a look (404 before the first schedule fired).
      const nightNow = async (): Promise<Night | null> =>
        (await api(cluster.url, cluster.token, 'GET', '/api/nights/latest').catch(() => null)) as Night | null;
      const until = async (done: (night: Night) => boolean, seconds: number): Promise<Night> => {
        const end = Date.now() + seconds * 1000;
        for (;;) {
          const night = await nightNow();
          if (night !== null && done(night)) return night;
          if (Date.now() > end) throw new Error(`not settled in ${seconds} s: ${JSON.stringify(night)}`);
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      };

      // A worker killed with SIGKILL while the night goes: its run is taken up by another after the lease.
      await cluster.explained(until((night) => night.books - night.pending >= 5, 120));
      cluster.workers[0]!.process.child.kill('SIGKILL');
      // The default 30 s lease, run out once it is dead: a 5 s one could lapse for a live worker on a starved machine.
      await cluster.expireLeaseOf(cluster.workers[0]!);
      mark('worker killed');
      const first = await cluster.explained(until((night) => night.books === BOOKS && night.pending === 0, 240));
      mark('night settled');

      expect(first).toMatchObject({ books: BOOKS, failed: 0, failedRuns: [] });
      expect(first.deferred).toBeGreaterThan(0);
      expect(first.deferred).toBeLessThan(BOOKS);
      expect(first.reconciled + first.differences).toBe(BOOKS - first.deferred);
      expect(first.deferredRuns).toHaveLength(first.deferred);
      const midnight = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1)).toISOString();
      for (const run of first.deferredRuns) {
        expect(run.resumeAt).toBe(midnight);
        expect(run.reason).toMatch(/daily quota|daily API quota/);
      }
      expect(Object.keys(first.calls).sort()).toEqual(['k1', 'k2']);
      // No 429, and no key past its quota: counted before each send, and the sandbox saw no more than both quotas.
      expect(sandbox.stats.rateLimited - start.rateLimited).toBe(0);
      expect(sandbox.stats.requests - start.requests).toBeLessThanOrEqual(2 * quota);
      const days = await cluster.query<{ key_name: string; calls: string }>('SELECT key_name, calls::text FROM ledgerscan.key_days');
      for (const day of days) expect(Number(day.calls)).toBeLessThanOrEqual(quota);
      // One alert for the night, once the last run has settled (the next look of a scheduler).
      const alerted = Date.now() + 30_000;
      while (hook.received.length === 0 && Date.now() < alerted) await new Promise((resolve) => setTimeout(resolve, 250));
      expect(hook.received.map((delivery) => (JSON.parse(delivery.body) as { kind: string }).kind)).toEqual(['night-summary']);

      // The day changes: what midnight does to the database (yesterday's counts, the deferred runs' time come).
      await cluster.query(`UPDATE ledgerscan.key_days SET day = to_char(day::date - 1, 'YYYY-MM-DD')`);
      await cluster.query(`UPDATE ledgerscan.runs SET resume_at = '2000-01-01T00:00:00.000Z' WHERE status = 'deferred'`);
      const next = await cluster.explained(until((night) => night.reconciled + night.differences === BOOKS, 240));
      mark('next day done');
      // The same runs, taken up again (no new run for a deferred book), every one done.
      expect(next).toMatchObject({ books: BOOKS, deferred: 0, failed: 0, pending: 0 });
      for (const run of first.deferredRuns)
        expect(((await api(cluster.url, cluster.token, 'GET', `/api/runs/${run.runId}`)) as { status: string }).status).toMatch(
          /^(succeeded|differences)$/,
        );
      expect(sandbox.stats.rateLimited - start.rateLimited).toBe(0);
      for (const day of await cluster.query<{ calls: string }>('SELECT calls::text FROM ledgerscan.key_days'))
        expect(Number(day.calls)).toBeLessThanOrEqual(quota);
      // Still one alert: the deferred runs' ends raise none of their own (three looks of every scheduler).
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(hook.received).toHaveLength(1);
    } finally {
      await cluster.close();
    }
  }, 900_000);
});

import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSqlite } from '../../src/db/sqlite/openSqlite.js';
import { afterAll, describe, expect, it } from '@jest/globals';
import { InputError } from '../../src/errors/LedgerscanError.js';
import { openPostgresStore } from '../../src/store/postgres/openPostgresStore.js';
import { migrationSteps } from '../../src/db/migrationSteps.js';
import { openPostgresWorkspaceData, openSqliteWorkspaceData } from '../../src/workspace/openWorkspaceData.js';
import type { Run, WorkspaceData } from '../../src/workspace/WorkspaceData.js';
import type { RunRequest } from '../../src/runs/RunRequest.js';
import { childLines } from '../support/childLines.js';
import { createDatabase, describeWithPostgres, dropDatabase, queryDatabase } from '../support/postgres.js';
import { tempDir } from '../support/workspaceHarness.js';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'workspaceDataChild.ts');

/** A place for a new, empty workspace database (a file or a database URL) and how to open it. */
interface Backend {
  fresh(): Promise<string>;
  open(location: string): Promise<WorkspaceData>;
}

const sqlite: Backend = {
  fresh: () => Promise.resolve(path.join(tempDir('data'), 'workspace.db')),
  open: (file) => Promise.resolve(openSqliteWorkspaceData(file)),
};

const book = {
  name: 'Client Ä — "quoted"',
  wallets: [{ address: '0x00000000000000000000000000000000000000aa', label: 'Main ✓' }],
  chains: [1, 8453],
  timezone: 'Europe/Berlin',
};
const DAY = '2026-03-01';
/** Keys of one rate and no quota: the picker counts runs alone. */
const keys = (...names: string[]): { name: string; rate: number }[] => names.map((name) => ({ name, rate: 5 }));
const T = (minute: number): string => new Date(Date.UTC(2026, 2, 1, 12, minute)).toISOString();

/**
 * Every method once, in one fixed order, asserting what each must do; returns every result so two
 * implementations can be compared object for object.
 */
async function exercise(data: WorkspaceData): Promise<unknown[]> {
  const seen: unknown[] = [];
  const keep = <T>(value: T): T => {
    seen.push(value);
    return value;
  };

  const alice = keep(await data.addUser('alice', 'admin', 'hash-a'));
  const zed = keep(await data.addUser('Zed', 'viewer', 'hash-z'));
  await expect(data.addUser('alice', 'viewer', 'other')).rejects.toThrow(InputError);
  // Byte order, as SQLite sorts: upper case first.
  expect(keep(await data.listUsers()).map((user) => user.name)).toEqual(['Zed', 'alice']);
  expect(keep(await data.findUser('alice'))).toEqual({ ...alice, passwordHash: 'hash-a' });
  expect(keep(await data.findUser('nobody'))).toBeUndefined();
  expect(keep(await data.userById(zed.id))).toEqual(zed);
  await data.addToken(alice.id, 'token-a');
  await data.addToken(zed.id, 'token-z');
  expect(keep(await data.userByToken('token-a'))).toEqual(alice);
  expect(keep(await data.userByToken('token-x'))).toBeUndefined();
  await data.addSession(alice.id, 'session-a', T(30));
  expect(keep(await data.userBySession('session-a', T(29)))).toEqual(alice);
  expect(keep(await data.userBySession('session-a', T(30)))).toBeUndefined();
  await data.removeSession('session-a');
  expect(keep(await data.userBySession('session-a', T(0)))).toBeUndefined();
  expect(keep(await data.removeUser('Zed'))).toBe(true);
  expect(keep(await data.removeUser('Zed'))).toBe(false);
  expect(keep(await data.userByToken('token-z'))).toBeUndefined();

  const first = keep(await data.addBook(book, T(1)));
  const second = keep(await data.addBook({ ...book, name: 'Second' }, T(2)));
  expect(keep(await data.getBook(first.id))).toEqual(first);
  expect(keep(await data.updateBook(second.id, { ...book, name: 'Second, renamed' }, T(3)))).toEqual({
    ...second,
    data: { ...book, name: 'Second, renamed' },
    updatedAt: T(3),
  });
  expect(keep(await data.updateBook(999, book, T(3)))).toBeUndefined();
  expect(keep(await data.listBooks()).map((each) => each.id)).toEqual([first.id, second.id]);

  const price = {
    time: '2025-03-01T12:00:00Z',
    chainId: 8453,
    asset: 'native',
    currency: 'EUR',
    price: '2512.250000000000000001',
    author: 'alice',
    created: T(3),
  };
  const [entered, newer] = keep(await data.addBookPrices(first.id, [price, { ...price, price: '1' }]));
  if (entered === undefined) throw new Error('two prices saved');
  expect(keep(await data.bookPrices(first.id))).toEqual([{ id: entered.id, ...price }, newer]);
  expect([keep(await data.removeBookPrice(second.id, entered.id)), keep(await data.removeBookPrice(first.id, entered.id))]).toEqual([
    false,
    true,
  ]);
  expect(keep(await data.bookPrices(first.id))).toEqual([newer]);

  const request = { kind: 'export' as const, period: { year: 2025 }, templates: ['ledger'] };
  const queued = keep(await data.addRun(first.id, request, 'manual', T(4)));
  expect(queued).toMatchObject({
    status: 'queued',
    trigger: 'manual',
    summary: null,
    error: null,
    files: [],
    startedAt: null,
    finishedAt: null,
    apiKeyName: null,
  });
  const other = keep(await data.addRun(second.id, { kind: 'sync' }, 'schedule', T(5)));
  await data.updateRun(queued.id, {
    status: 'running',
    startedAt: T(6),
    files: [{ name: 'ledger.csv', bytes: 12, sha256: 'ab'.repeat(32) }],
    progress: { phase: 'sync', blocksPercent: 12.5, receiptsDone: 3, receiptsTotal: 7, apiCalls: 40, etaSeconds: null },
  });
  await data.updateRun(other.id, {
    status: 'failed',
    error: 'line one\nline "two"',
    summary: { alert: 'run-failed', alertDelivered: 'not delivered ü' },
    finishedAt: T(7),
  });
  expect(keep(await data.getRun(queued.id))).toMatchObject({
    status: 'running',
    startedAt: T(6),
    progress: { apiCalls: 40, blocksPercent: 12.5 },
  });
  expect(keep(await data.getRun(other.id))).toMatchObject({
    status: 'failed',
    summary: { alert: 'run-failed', alertDelivered: 'not delivered ü' },
    error: 'line one\nline "two"',
  });
  expect(keep(await data.getRun(999))).toBeUndefined();
  const later = keep(await data.addRun(first.id, { kind: 'reconcile' }, 'manual', T(8)));
  expect(keep(await data.runsOfBook(first.id)).map((run) => run.id)).toEqual([later.id, queued.id]);
  const byBook = keep(await data.runsOfBooks([second.id, first.id, 999]));
  expect([...byBook].map(([id, runs]) => [id, runs.map((run) => run.id)])).toEqual([
    [second.id, [other.id]],
    [first.id, [later.id, queued.id]],
    [999, []],
  ]);
  expect(byBook.get(first.id)).toEqual(await data.runsOfBook(first.id));
  expect(keep(await data.queuedRuns()).map((run) => run.id)).toEqual([later.id]);
  expect(keep(await data.runningRuns()).map((run) => run.id)).toEqual([queued.id]);
  await data.appendLog(queued.id, 'second line? no: first');
  await data.appendLog(other.id, 'of the other run');
  await data.appendLog(queued.id, 'then this');
  expect(keep(await data.runLog(queued.id))).toEqual(['second line? no: first', 'then this']);

  expect(keep(await data.stopRequested(queued.id))).toBe(false);
  await data.requestStop(queued.id);
  expect(keep(await data.stopRequested(queued.id))).toBe(true);
  expect(keep(await data.stopRequested(later.id))).toBe(false);
  expect(keep(await data.stopRequested(999))).toBe(false);

  // `queued` runs on no key yet; a key's count is of the other running runs, so re-assigning a run does not count itself.
  expect(keep(await data.assignApiKey(queued.id, keys('k1', 'k2'), DAY))).toBe('k1');
  expect(keep(await data.assignApiKey(queued.id, keys('k1', 'k2'), DAY))).toBe('k1');
  await data.updateRun(later.id, { status: 'running' });
  expect(keep(await data.assignApiKey(later.id, keys('k1', 'k2'), DAY))).toBe('k2');
  expect(keep(await data.assignApiKey(later.id, keys('k2', 'k1'), DAY))).toBe('k2');
  await data.updateRun(queued.id, { status: 'succeeded' });
  expect(keep(await data.assignApiKey(later.id, keys('k2', 'k1'), DAY))).toBe('k2');
  expect(keep((await data.getRun(later.id))?.apiKeyName)).toBe('k2');
  // A key whose daily quota is spent takes no run, whatever its runs going; a faster key takes more runs.
  expect(keep(await data.nights.takeKeyCall('k2', DAY, 2))).toBe(true);
  expect(keep(await data.nights.takeKeyCall('k2', DAY, 2))).toBe(true);
  expect(keep(await data.nights.takeKeyCall('k2', DAY, 2))).toBe(false);
  expect(keep(await data.nights.takeKeyCall('k2', '2026-03-02', 2))).toBe(true);
  expect(keep([...(await data.nights.keyCalls(DAY))])).toEqual([['k2', 2]]);
  const quotas = [
    { name: 'k1', rate: 5, dailyQuota: 1000 },
    { name: 'k2', rate: 5, dailyQuota: 2 },
  ];
  await data.updateRun(later.id, { status: 'running' });
  expect(keep(await data.assignApiKey(queued.id, [...quotas].reverse(), DAY))).toBe('k1');
  expect(keep(await data.assignApiKey(queued.id, [quotas[1]!], DAY))).toBeNull();
  expect(
    keep(
      await data.assignApiKey(
        queued.id,
        [
          { name: 'k3', rate: 20 },
          { name: 'k2', rate: 5 },
        ],
        '2026-03-02',
      ),
    ),
  ).toBe('k3');
  // No run going on either key: the tie goes to the key given fewer runs today (later, on k2, started today), not the first listed.
  await data.updateRun(later.id, { status: 'succeeded', startedAt: T(8), finishedAt: T(11) });
  expect(keep(await data.assignApiKey(queued.id, keys('k2', 'k1'), DAY))).toBe('k1');
  expect(keep(await data.assignApiKey(queued.id, keys('k1', 'k2'), DAY))).toBe('k1');
  // How long the book's runs take, for the queue's order: its last finished run of the kind, else of any kind.
  expect(keep(await data.nights.expectedSeconds(first.id, 'reconcile'))).toBe(180);
  expect(keep(await data.nights.expectedSeconds(first.id, 'export'))).toBe(180);
  expect(keep(await data.nights.expectedSeconds(second.id, 'sync'))).toBeNull();
  // A run's earlier attempts, kept once each, count on their keys in the night: a run that moved keys counts on both.
  await data.nights.keepAttempt(other.id, T(1), 'k1', 30);
  await data.nights.keepAttempt(other.id, T(1), 'k1', 99);
  await data.nights.keepAttempt(other.id, T(2), 'k3', 5);
  expect(keep(await data.nights.latest())?.calls).toEqual({ k1: 30, k3: 5 });

  await data.setSchedules(first.id, [
    { kind: 'reconcile', cron: '30 2 * * *', zone: 'UTC', templates: [], lastFiredAt: null },
    { kind: 'export', cron: '0 12 * * *', zone: 'book', templates: ['ledger', 'koinly-wallets'], lastFiredAt: T(0) },
  ]);
  await data.setSchedules(second.id, [{ kind: 'sync', cron: '0 0 * * *', zone: 'UTC', templates: [], lastFiredAt: null }]);
  expect(keep(await data.schedules(first.id)).map((schedule) => schedule.kind)).toEqual(['export', 'reconcile']);
  expect(keep(await data.claimScheduleTick(first.id, 'reconcile', T(9), T(10)))).toBe(false);
  expect(keep(await data.claimScheduleTick(first.id, 'reconcile', null, T(10)))).toBe(true);
  expect(keep(await data.claimScheduleTick(first.id, 'reconcile', null, T(11)))).toBe(false);
  expect(keep(await data.claimScheduleTick(first.id, 'export', T(0), T(11)))).toBe(true);
  expect(keep(await data.claimScheduleTick(first.id, 'sync', null, T(11)))).toBe(false);
  // Saving the same expression keeps its last firing; a changed one takes the saved value.
  await data.setSchedules(first.id, [
    { kind: 'reconcile', cron: '30 2 * * *', zone: 'UTC', templates: [], lastFiredAt: null },
    { kind: 'export', cron: '0 13 * * *', zone: 'book', templates: ['ledger'], lastFiredAt: null },
  ]);
  expect(keep(await data.allSchedules())).toEqual([
    {
      bookId: first.id,
      schedules: [
        { kind: 'export', cron: '0 13 * * *', zone: 'book', templates: ['ledger'], lastFiredAt: null },
        { kind: 'reconcile', cron: '30 2 * * *', zone: 'UTC', templates: [], lastFiredAt: T(10) },
      ],
    },
    { bookId: second.id, schedules: [{ kind: 'sync', cron: '0 0 * * *', zone: 'UTC', templates: [], lastFiredAt: null }] },
  ]);

  const share = { id: 'share-1', runId: queued.id, expiresAt: T(50), revokedAt: null };
  await data.addShare(share, 'share-token-1');
  await data.addShare({ ...share, id: 'share-0' }, 'share-token-0');
  expect(keep(await data.shareByToken('share-token-1'))).toEqual(share);
  expect(keep(await data.getShare('share-0'))).toEqual({ ...share, id: 'share-0' });
  expect(keep(await data.getShare('nope'))).toBeUndefined();
  await data.logShareDownload('share-1', 'ledger.csv', T(12));
  await data.logShareDownload('share-1', 'all.zip', T(13));
  expect(keep(await data.shareDownloads('share-1'))).toEqual([
    { file: 'ledger.csv', at: T(12) },
    { file: 'all.zip', at: T(13) },
  ]);
  expect(keep(await data.revokeShare('share-1', T(14)))).toBe(true);
  expect(keep(await data.revokeShare('share-1', T(15)))).toBe(false);
  expect(keep(await data.sharesOfRun(queued.id))).toEqual([
    { ...share, revokedAt: T(14), downloads: 2 },
    { ...share, id: 'share-0', downloads: 0 },
  ]);

  // An archived book leaves the list and its schedules stop firing; restored, both come back.
  expect(keep(await data.setBookArchived(second.id, T(16)))).toBe(true);
  expect(keep(await data.listBooks()).map((each) => each.id)).toEqual([first.id]);
  expect(keep(await data.listBooks(true))).toEqual([expect.objectContaining({ id: second.id, archivedAt: T(16) })]);
  expect(keep(await data.allSchedules()).map((entry) => entry.bookId)).not.toContain(second.id);
  expect(keep(await data.setBookArchived(second.id, null))).toBe(true);
  expect(keep(await data.getBook(second.id))?.archivedAt).toBeNull();
  expect(keep(await data.setBookArchived(9999, T(16)))).toBe(false);

  // A book takes its runs, their logs, shares and schedules with it.
  expect(keep(await data.removeBook(first.id))).toBe(true);
  expect(keep(await data.removeBook(first.id))).toBe(false);
  expect(keep(await data.getRun(queued.id))).toBeUndefined();
  expect(keep(await data.runLog(queued.id))).toEqual([]);
  expect(keep(await data.getShare('share-1'))).toBeUndefined();
  expect(keep(await data.allSchedules()).map((entry) => entry.bookId)).toEqual([second.id]);
  return seen;
}

/** `count` processes on one workspace database, each ready to call a method at a given instant. */
async function racers(location: string, count: number) {
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, ['--import', 'tsx', CHILD, location], { stdio: ['pipe', 'pipe', 'inherit'] }),
  );
  const outputs = children.map(childLines);
  for (const output of outputs) expect(await output.next()).toBe('ready');
  return {
    /** Each process calls `method` with its own arguments at the same instant; their results in order. */
    async race(method: string, argsOf: (index: number) => unknown[]): Promise<unknown[]> {
      const at = Date.now() + 300;
      children.forEach((child, index) => child.stdin.write(`${JSON.stringify({ at, method, args: argsOf(index) })}\n`));
      return Promise.all(outputs.map(async (output) => JSON.parse(await output.next()) as unknown));
    },
    async close(): Promise<void> {
      await Promise.all(
        children.map(
          (child) =>
            new Promise((resolve) => {
              child.on('exit', resolve);
              child.stdin.end();
            }),
        ),
      );
    },
  };
}

function sharedCases(backend: Backend): void {
  it('round-trips every method', async () => {
    const data = await backend.open(await backend.fresh());
    try {
      await exercise(data);
    } finally {
      await data.close();
    }
  });

  it("writes a tick's claim and its runs in one transaction: the loser writes nothing, a failed write claims nothing", async () => {
    const data = await backend.open(await backend.fresh());
    try {
      const bookId = (await data.addBook(book, T(0))).id;
      await data.setSchedules(bookId, [{ kind: 'reconcile', cron: '* * * * *', zone: 'UTC', templates: [], lastFiredAt: T(0) }]);
      // A run that cannot be written (its request has no JSON form) fails the write, and the claim with it.
      const unwritable = { kind: 'diff', period: { year: 1n } } as unknown as RunRequest;
      await expect(data.fireScheduleTick(bookId, 'reconcile', T(0), T(1), [{ kind: 'reconcile' }, unwritable])).rejects.toThrow(/BigInt/);
      expect((await data.schedules(bookId))[0]?.lastFiredAt).toBe(T(0));
      expect(await data.runsOfBook(bookId)).toEqual([]);

      const fired = await data.fireScheduleTick(bookId, 'reconcile', T(0), T(1), [
        { kind: 'reconcile' },
        { kind: 'diff', period: { year: 2025 } },
      ]);
      expect(fired?.map((run) => [run.bookId, run.request, run.status, run.trigger, run.createdAt])).toEqual([
        [bookId, { kind: 'reconcile' }, 'queued', 'schedule', T(1)],
        [bookId, { kind: 'diff', period: { year: 2025 } }, 'queued', 'schedule', T(1)],
      ]);
      expect(await data.fireScheduleTick(bookId, 'reconcile', T(0), T(2), [{ kind: 'reconcile' }])).toBeNull();
      expect((await data.schedules(bookId))[0]?.lastFiredAt).toBe(T(1));
      expect((await data.runsOfBook(bookId)).map((run) => run.id).sort()).toEqual(fired?.map((run) => run.id).sort());
    } finally {
      await data.close();
    }
  });

  it('lets one of four processes win each schedule tick, and spreads runs racing for two keys evenly', async () => {
    const location = await backend.fresh();
    const data = await backend.open(location);
    const processes = await racers(location, 4);
    try {
      const bookId = (await data.addBook(book, T(0))).id;
      await data.setSchedules(bookId, [{ kind: 'sync', cron: '* * * * *', zone: 'UTC', templates: [], lastFiredAt: T(0) }]);
      let expected = T(0);
      for (let round = 1; round <= 4; round += 1) {
        const firedAt = (index: number): string => `${T(round).slice(0, -1)}${index}Z`;
        const won = await processes.race('claimScheduleTick', (index) => [bookId, 'sync', expected, firedAt(index)]);
        expect(won.filter((result) => result === true)).toHaveLength(1);
        expected = firedAt(won.indexOf(true));
        expect((await data.schedules(bookId))[0]?.lastFiredAt).toBe(expected);
      }
      // The whole scheduler, once a minute for five minutes in four processes: one run per tick.
      for (let minute = 10; minute < 15; minute += 1) {
        const fired = await processes.race('tick', () => [new Date(Date.parse(T(minute)) + 5_000).toISOString()]);
        expect(fired.reduce((sum: number, count) => sum + (count as number), 0)).toBe(1);
      }
      expect((await data.runsOfBook(bookId)).map((run) => run.createdAt)).toEqual(
        [14, 13, 12, 11, 10].map((minute) => new Date(Date.parse(T(minute)) + 5_000).toISOString()),
      );

      const runs: Run[] = [];
      for (let index = 0; index < 8; index += 1) runs.push(await data.addRun(bookId, { kind: 'sync' }, 'manual', T(20)));
      for (const run of runs) await data.updateRun(run.id, { status: 'running' });
      const keyCounts = async (): Promise<[string, number][]> => {
        const counts = new Map<string, number>();
        for (const run of await data.runningRuns()) counts.set(run.apiKeyName ?? 'none', (counts.get(run.apiKeyName ?? 'none') ?? 0) + 1);
        return [...counts].sort();
      };
      await processes.race('assignApiKey', (index) => [runs[index]?.id, keys('k1', 'k2'), DAY]);
      expect(await keyCounts()).toEqual([
        ['k1', 2],
        ['k2', 2],
        ['none', 4],
      ]);
      await processes.race('assignApiKey', (index) => [runs[index + 4]?.id, keys('k2', 'k1'), DAY]);
      expect(await keyCounts()).toEqual([
        ['k1', 4],
        ['k2', 4],
      ]);
    } finally {
      await processes.close();
      await data.close();
    }
  });
}

describe('SqlWorkspaceData on SQLite', () => {
  sharedCases(sqlite);

  it('upgrades a workspace.db of the first schema in place and refuses one from a newer ledgerscan', async () => {
    const file = await sqlite.fresh();
    const old = openSqlite(file);
    old.exec(migrationSteps('workspace')[0] as string);
    old.prepare("INSERT INTO books (data, created_at, updated_at) VALUES ('{\"name\":\"Old\"}', 'then', 'then')").run();
    old
      .prepare(
        "INSERT INTO runs (book_id, request, status, trigger, progress, created_at) VALUES (1, '{\"kind\":\"sync\"}', 'running', 'manual', '{}', 'then')",
      )
      .run();
    old.close();
    const data = openSqliteWorkspaceData(file);
    expect(await data.getRun(1)).toMatchObject({ status: 'running', apiKeyName: null });
    expect(await data.stopRequested(1)).toBe(false);
    expect(await data.assignApiKey(1, keys('only'), DAY)).toBe('only');
    await data.close();
    const newer = openSqlite(file);
    newer.pragma(`user_version = ${migrationSteps('workspace').length + 1}`);
    newer.close();
    expect(() => openSqliteWorkspaceData(file)).toThrow(/written by a newer ledgerscan/);
  });
});

describeWithPostgres('SqlWorkspaceData on PostgreSQL', (server) => {
  const databases: string[] = [];
  const postgres: Backend = {
    async fresh() {
      const url = await createDatabase(server);
      databases.push(url);
      return url;
    },
    open: async (url) => (await openPostgresWorkspaceData(url)).data,
  };
  afterAll(async () => {
    for (const url of databases) await dropDatabase(url);
  });

  sharedCases(postgres);

  it('returns the very objects SQLite returns, call for call', async () => {
    const embedded = await sqlite.open(await sqlite.fresh());
    const shared = await postgres.open(await postgres.fresh());
    try {
      // Cloned into one realm: better-sqlite3 builds its rows with the main realm's prototypes, not jest's, and
      // toStrictEqual compares constructors ("serializes to the same string"); the clone keeps undefined fields.
      expect(structuredClone(await exercise(shared))).toStrictEqual(structuredClone(await exercise(embedded)));
    } finally {
      await embedded.close();
      await shared.close();
    }
  });

  it('shares the database and its numbered schema with the books’ stores', async () => {
    const url = await postgres.fresh();
    const data = await postgres.open(url);
    const store = openPostgresStore(url, String((await data.addBook(book, T(0))).id));
    try {
      expect(store.syncedRange(1, book.wallets[0]?.address ?? '', 'txlist')).toBeNull();
      const versions = await queryDatabase(url, 'SELECT max(version) AS version FROM ledgerscan.schema_migrations');
      expect(versions).toEqual([{ version: migrationSteps('postgres').length }]);
    } finally {
      store.close();
      await data.close();
    }
  });

  it('says which database it cannot reach, without its password', async () => {
    const unreachable = 'postgres://ledgerscan:s3cret-pw@127.0.0.1:9/none';
    await expect(openPostgresWorkspaceData(unreachable)).rejects.toThrow(InputError);
    try {
      await openPostgresWorkspaceData(unreachable);
    } catch (error) {
      expect(JSON.stringify({ message: (error as InputError).message, details: (error as InputError).details })).not.toContain('s3cret-pw');
      expect((error as InputError).details.database).toBe('postgres://ledgerscan:***@127.0.0.1:9/none');
    }
  });
});

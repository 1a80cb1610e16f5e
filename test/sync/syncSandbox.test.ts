import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqlite } from '../../src/db/sqlite/openSqlite.js';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from '@jest/globals';
import { EtherscanClient } from '../../src/etherscan/EtherscanClient.js';
import { DailyLimitError } from '../../src/etherscan/errors.js';
import { RateLimiter } from '../../src/etherscan/RateLimiter.js';
import { STREAMS } from '../../src/etherscan/wire.js';
import type { WireRecord } from '../../src/etherscan/wire.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { WORLD_END, WORLD_START } from '../../src/sandbox/worldSpan.js';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { Sandbox, SandboxOptions } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import { openSqliteStore } from '../../src/store/openSqliteStore.js';
import type { SqliteStore } from '../../src/store/SqliteStore.js';
import { planBlockRanges } from '../../src/sync/planBlockRanges.js';
import { syncJob } from '../../src/sync/syncJob.js';
import type { SyncReport } from '../../src/sync/syncJob.js';
import { syncKilledAfter } from '../support/killedSyncChild.js';

const PERIOD = { startTime: WORLD_START, endTime: WORLD_END };
/** Small pages, so a small world still pages many times and pages end inside blocks. */
const PAGE_SIZE = 100;
const LIST_ACTIONS = STREAMS.map((stream) => `account.${stream}`);

describe('syncJob against the sandbox', () => {
  let world: World;
  /** Serves the same world unpaged: the rows a correct sync must end up with. */
  let truth: Sandbox;
  let sandbox: Sandbox | undefined;
  let dir: string;
  let store: SqliteStore;
  /** The store of one uninterrupted sync, dumped. */
  let clean: string[];

  beforeAll(async () => {
    world = generateWorld({ seed: 7, scale: 0.1, chains: [1] });
    truth = await startSandbox({ world, rate: 10_000, pageCap: 10_000 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-sync-sandbox-'));
    store = openSqliteStore(path.join(dir, 'clean.sqlite'));
    await sync(await serve());
    clean = dump();
    store.close();
    await sandbox?.close();
    sandbox = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });
  afterAll(() => truth.close());
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-sync-sandbox-'));
    store = openSqliteStore(path.join(dir, 'state.sqlite'));
  });
  afterEach(async () => {
    store.close();
    await sandbox?.close();
    sandbox = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const serve = async (options: SandboxOptions = {}): Promise<Sandbox> => {
    await sandbox?.close();
    sandbox = await startSandbox({ world, rate: 10_000, ...options });
    return sandbox;
  };

  const sync = async (server: Sandbox, period = PERIOD): Promise<SyncReport> => {
    const api = new EtherscanClient({
      baseUrl: server.url,
      apiKey: server.apiKey,
      rate: 10_000,
      limiter: new RateLimiter(10_000),
      historicalLimiter: new RateLimiter(10_000),
      backoffBaseMs: 1,
      backoffCapMs: 4,
      maxRetries: 2,
    });
    const plan = await planBlockRanges(api, [1], period);
    return syncJob({
      api,
      store,
      plan,
      pageSize: PAGE_SIZE,
      wallets: world.wallets.map((wallet) => ({ address: wallet.address, chains: wallet.chains })),
    });
  };

  const truthRows = async (stream: string, address: string, fromBlock: number, toBlock: number): Promise<WireRecord[]> => {
    const url =
      `${truth.url}?chainid=1&module=account&action=${stream}&address=${address}&startblock=${fromBlock}` +
      `&endblock=${toBlock}&page=1&offset=10000&sort=asc&apikey=${truth.apiKey}`;
    const body = (await (await fetch(url)).json()) as { result: WireRecord[] };
    expect(body.result.length).toBeLessThan(10_000);
    return body.result;
  };

  const dump = (): string[] =>
    [
      ...store.rawRecords(
        1,
        world.wallets.map((wallet) => wallet.address),
        0,
        Number.MAX_SAFE_INTEGER,
      ),
    ].map((row) => `${row.wallet} ${row.stream} ${JSON.stringify(row.record)}`);

  const listCalls = (server: Sandbox): number => LIST_ACTIONS.reduce((sum, action) => sum + (server.stats.byAction[action] ?? 0), 0);

  it('lands all five streams of every wallet exactly, and a second sync makes no list or receipt call', async () => {
    const server = await serve();
    const report = await sync(server);
    const [chain] = report.chains;
    expect(chain).toBeDefined();
    let total = 0;
    for (const wallet of world.wallets.filter((owned) => owned.chains.includes(1))) {
      for (const stream of STREAMS) {
        const expected = await truthRows(stream, wallet.address, chain!.fromBlock, chain!.toBlock);
        const stored = [...store.rawRecords(1, [wallet.address], 0, Number.MAX_SAFE_INTEGER)]
          .filter((row) => row.stream === stream)
          .map((row) => row.record);
        expect({ wallet: wallet.label, stream, rows: stored }).toEqual({ wallet: wallet.label, stream, rows: expected });
        total += expected.length;
      }
    }
    expect(store.countRecords()).toBe(total);
    expect(store.countRecords({ stream: 'token1155tx' })).toBeGreaterThan(0);
    expect(Math.max(...report.perKey.map((key) => key.pages))).toBeGreaterThanOrEqual(3);
    expect(report.listCalls).toBe(report.pages);
    expect(dump()).toEqual(clean);
    expect(
      store.missingReceipts(
        1,
        world.wallets.map((wallet) => wallet.address),
        0,
        Number.MAX_SAFE_INTEGER,
      ),
    ).toEqual([]);
    expect(report.receiptCalls).toBe(server.stats.byAction['proxy.eth_getTransactionReceipt']);

    const calls = listCalls(server);
    const receipts = server.stats.byAction['proxy.eth_getTransactionReceipt'];
    const again = await sync(server);
    expect(listCalls(server) - calls).toBe(0);
    expect(again.listCalls).toBe(0);
    expect(server.stats.byAction['proxy.eth_getTransactionReceipt']).toBe(receipts);
  });

  it('resumes after the daily limit to exactly the rows of an uninterrupted sync', async () => {
    await expect(sync(await serve({ dailyLimit: 25 }))).rejects.toBeInstanceOf(DailyLimitError);
    expect(store.countRecords()).toBeGreaterThan(0);
    expect(store.countRecords()).toBeLessThan(clean.length);
    await sync(await serve());
    expect(dump()).toEqual(clean);
  });

  it('survives a SIGKILL mid-sync: the store is intact and a resumed sync ends with the same rows', async () => {
    const server = await serve();
    const state = path.join(dir, 'killed.sqlite');
    const wallets = world.wallets.map((wallet) => ({ address: wallet.address, chains: wallet.chains }));
    expect(await syncKilledAfter(5, { url: server.url, apiKey: server.apiKey, state, wallets, period: PERIOD })).toBe('SIGKILL');
    const db = openSqlite(state);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
    store.close();
    store = openSqliteStore(state);
    expect(store.countRecords()).toBeGreaterThan(0);
    expect(store.countRecords()).toBeLessThan(clean.length);
    await sync(server);
    expect(dump()).toEqual(clean);
  });

  it('splits block ranges on Query Timeout and still gets every row', async () => {
    const server = await serve({ queryTimeoutRows: 100 });
    const report = await sync(server);
    // Every call of a clean sync yields a page; the timed-out ones do not.
    expect(report.listCalls).toBeGreaterThan(report.pages);
    expect(dump()).toEqual(clean);
  });
});

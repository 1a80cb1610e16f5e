import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Job } from '../../src/config/Job.js';
import { loadJob } from '../../src/config/loadJob.js';
import { EtherscanClient } from '../../src/etherscan/EtherscanClient.js';
import { RateLimiter } from '../../src/etherscan/RateLimiter.js';
import { jobTemplates } from '../../src/pipeline/jobTemplates.js';
import { ledgerFromStore } from '../../src/pipeline/ledgerFromStore.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { WORLD_END, WORLD_START } from '../../src/sandbox/worldSpan.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import type { RecordStore } from '../../src/store/RecordStore.js';
import { openSqliteStore } from '../../src/store/openSqliteStore.js';
import { openPostgresStore } from '../../src/store/postgres/openPostgresStore.js';
import { planBlockRanges, type BlockPlan } from '../../src/sync/planBlockRanges.js';
import { syncJob, type SyncReport } from '../../src/sync/syncJob.js';
import { filesIn } from '../support/filesIn.js';
import { renderTiedOut } from '../support/renderTiedOut.js';
import { builtinTemplateNames } from '../../src/templates/templateCatalog.js';
import { syncKilledAfter } from '../support/killedSyncChild.js';
import { createDatabase, describeWithPostgres, dropDatabase } from '../support/postgres.js';

const CHAINS = [1, 10];
/** One of each kind: the entry-layout ledger, a transaction-layout import, a journal. */
const TEMPLATES = ['ledger', 'koinly', 'hledger'];
const day = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString().slice(0, 10);

/**
 * The sync and the ledger over a PostgreSQL store, against the sandbox: what lands in it and every file
 * rendered from it must equal the SQLite store's, byte for byte, also after a SIGKILL mid-sync.
 */
describeWithPostgres('the pipeline on a PostgreSQL store', (server) => {
  let database: string;
  let dir: string;
  let world: World;
  let sandbox: Sandbox;
  let job: Job;
  let plan: BlockPlan;
  let sqlite: RecordStore;
  let sqliteReport: SyncReport;

  const api = (): EtherscanClient =>
    new EtherscanClient({
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      rate: 10_000,
      limiter: new RateLimiter(10_000),
      historicalLimiter: new RateLimiter(10_000),
    });
  const sync = (store: RecordStore, chains = plan): Promise<SyncReport> =>
    syncJob({ api: api(), store, plan: chains, wallets: job.wallets, concurrency: 8 });
  const dump = (store: RecordStore, chainId: number): string[] =>
    [
      ...store.rawRecords(
        chainId,
        world.wallets.map((wallet) => wallet.address),
        0,
        Number.MAX_SAFE_INTEGER,
      ),
    ].map((row) => `${row.wallet} ${row.stream} ${JSON.stringify(row.record)}`);

  beforeAll(async () => {
    database = await createDatabase(server);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-pg-pipeline-'));
    world = generateWorld({ seed: 1, scale: 0.1, chains: CHAINS });
    sandbox = await startSandbox({ world, rate: 10_000 });
    job = loadJob({
      flags: {
        address: world.wallets.map((wallet) => wallet.address),
        chain: CHAINS.map(String),
        from: day(WORLD_START),
        to: day(WORLD_END - 1),
        template: TEMPLATES,
        out: path.join(dir, 'out'),
        state: path.join(dir, 'state.db'),
        baseUrl: sandbox.url,
        apiKey: sandbox.apiKey,
        rate: '10000',
        quiet: true,
      },
      env: {},
      knownTemplates: builtinTemplateNames(),
      cwd: dir,
    });
    plan = await planBlockRanges(api(), job.chains, job.period);
    sqlite = openSqliteStore(job.state);
    sqliteReport = await sync(sqlite);
  });
  afterAll(async () => {
    sqlite.close();
    await sandbox.close();
    await dropDatabase(database);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stores what the SQLite store stores and renders the templates to the same bytes', async () => {
    const postgres = openPostgresStore(database, 'same-as-sqlite');
    try {
      const report = await sync(postgres);
      expect({ ...report, perKey: undefined }).toEqual({ ...sqliteReport, perKey: undefined });
      for (const chainId of CHAINS) expect(dump(postgres, chainId)).toEqual(dump(sqlite, chainId));
      expect(postgres.countReceipts()).toBe(sqlite.countReceipts());
      expect(postgres.countReceipts()).toBeGreaterThan(0);
      const render = (store: RecordStore, out: string) =>
        renderTiedOut({
          entries: ledgerFromStore(store, job, report.chains),
          templates: jobTemplates(job),
          outDir: path.join(dir, out),
          context: { timezone: job.timezone },
        });
      const [fromSqlite, fromPostgres] = [await render(sqlite, 'sqlite'), await render(postgres, 'postgres')];
      expect(fromPostgres.map((result) => result.rows)).toEqual(fromSqlite.map((result) => result.rows));
      expect(fromSqlite.reduce((rows, result) => rows + result.rows, 0)).toBeGreaterThan(1000);
      expect(filesIn(path.join(dir, 'postgres'))).toEqual(filesIn(path.join(dir, 'sqlite')));
      // A warm sync over the PostgreSQL store asks for nothing it has.
      const again = await sync(postgres);
      expect([again.rows, again.receipts]).toEqual([0, 0]);
    } finally {
      postgres.close();
    }
  });

  it('survives a SIGKILL mid-sync: a resumed sync ends with exactly the rows of an uninterrupted one, none twice', async () => {
    const wallets = world.wallets.map((wallet) => ({ address: wallet.address, chains: wallet.chains }));
    const period = { startTime: WORLD_START, endTime: WORLD_END };
    expect(await syncKilledAfter(5, { url: sandbox.url, apiKey: sandbox.apiKey, state: database, wallets, period })).toBe('SIGKILL');
    // syncChild syncs chain 1 into the book `sync-child`.
    const store = openPostgresStore(database, 'sync-child');
    try {
      const clean = dump(sqlite, 1);
      expect(store.countRecords()).toBeGreaterThan(0);
      expect(store.countRecords()).toBeLessThan(clean.length);
      await sync(store, { ...plan, ranges: plan.ranges.filter((range) => range.chainId === 1) });
      expect(dump(store, 1)).toEqual(clean);
      expect(store.countRecords()).toBe(clean.length);
    } finally {
      store.close();
    }
  });
});

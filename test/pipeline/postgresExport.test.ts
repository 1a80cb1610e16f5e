import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { exitCodeFor } from '../../src/errors/exitCode.js';
import type { Job } from '../../src/config/Job.js';
import { loadJob } from '../../src/config/loadJob.js';
import { InputError } from '../../src/errors/LedgerscanError.js';
import type { KeyLimiter } from '../../src/etherscan/KeyLimiter.js';
import { openJobRun } from '../../src/pipeline/JobRun.js';
import { jobTemplates } from '../../src/pipeline/jobTemplates.js';
import { ledgerFromStore } from '../../src/pipeline/ledgerFromStore.js';
import { ledgerParts } from '../../src/pipeline/ledgerParts.js';
import { runExport, type ExportResult } from '../../src/pipeline/runExport.js';
import { runSync } from '../../src/pipeline/runSync.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { WORLD_END, WORLD_START } from '../../src/sandbox/worldSpan.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import type { RecordStore } from '../../src/store/RecordStore.js';
import { STREAMS } from '../../src/etherscan/wire.js';
import { DatabaseUnavailableError } from '../../src/db/postgres/DatabaseUnavailableError.js';
import { openStoreAt } from '../../src/store/openStoreAt.js';
import type { StoreLocation } from '../../src/store/StoreLocation.js';
import { createProgress } from '../../src/sync/progress.js';
import { renderableInParts } from '../../src/templates/CsvPart.js';
import { filesIn } from '../support/filesIn.js';
import { renderTiedOut } from '../support/renderTiedOut.js';
import { builtinTemplateNames } from '../../src/templates/templateCatalog.js';
import { createDatabase, describeWithPostgres, dropDatabase, queryDatabase } from '../support/postgres.js';

const LOCK_CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bookLockChild.ts');
const CHAINS = [1, 10, 42161];
/** An entry-layout ledger and a transaction-layout import (a journal's opening balances cost 2 calls/s per holding). */
const TEMPLATES = ['ledger', 'koinly'];
const KEY = 'enterprise-key-0123456789';
const RATE = 2000;
const quiet = createProgress({ output: { write: () => true }, quiet: true });
const day = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString().slice(0, 10);

/** The files of an out dir; the manifest names the store and out dir, so it is left out. */
const outFiles = (dir: string): Record<string, string> => filesIn(dir, ['manifest.json']);

/**
 * Ends every other session and waits until each has exited (the timeout, PostgreSQL 14 on): a session's advisory lock
 * goes with its process, and without the wait a run opened at once could still find the book locked.
 */
const terminateOthers = (url: string): Promise<unknown> =>
  queryDatabase(
    url,
    'SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );

/**
 * The pipeline's commands on a PostgreSQL store location against the sandbox, name tags and screening lists
 * on: the files equal the SQLite store's byte for byte, a second run is warm, the book is locked per session,
 * parts render on threads that open the book again, and a lost session stops a run as a service failure.
 */
describeWithPostgres('the pipeline on a PostgreSQL store location', (server) => {
  let database: string;
  let dir: string;
  let world: World;
  let sandbox: Sandbox;
  let sqliteExport: ExportResult;

  const jobFor = (out: string, extra: Record<string, unknown> = {}): Job =>
    loadJob({
      flags: {
        address: world.wallets.map((wallet) => wallet.address),
        chain: CHAINS.map(String),
        from: day(WORLD_START),
        to: day(WORLD_END - 1),
        template: TEMPLATES,
        out: path.join(dir, out),
        state: path.join(dir, 'state.db'),
        baseUrl: sandbox.url,
        apiKey: KEY,
        rate: String(RATE),
        apiLabels: true,
        quiet: true,
        ...extra,
      },
      env: {},
      knownTemplates: builtinTemplateNames(),
      cwd: dir,
    });
  const postgres = (book: string): StoreLocation => ({ kind: 'postgres', url: database, book });
  const options = (store?: StoreLocation) => ({
    command: 'test',
    progress: quiet,
    now: () => new Date('2026-11-25T12:00:00Z'),
    ...(store === undefined ? {} : { store }),
  });

  beforeAll(async () => {
    database = await createDatabase(server);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-pg-export-'));
    world = generateWorld({ seed: 2, scale: 0.1, chains: CHAINS });
    sandbox = await startSandbox({ world, apiKeys: [KEY], proPlusKeys: [KEY], enterpriseKeys: [KEY], rate: RATE });
    sqliteExport = await runExport(jobFor('sqlite'), options());
  });
  afterAll(async () => {
    await sandbox.close();
    await dropDatabase(database);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('exports the same bytes as the SQLite store, and a second run asks the API for no list, tag or screening list', async () => {
    const first = await runExport(jobFor('postgres'), options(postgres('client-a')));
    expect(sqliteExport.labels.tagged).toBeGreaterThan(0);
    expect(sqliteExport.labels.screeningLists?.calls).toBeGreaterThan(0);
    expect(first.labels).toEqual(sqliteExport.labels);
    expect(first.templates.map((result) => result.rows)).toEqual(sqliteExport.templates.map((result) => result.rows));
    const files = outFiles(path.join(dir, 'postgres'));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['ledger.csv', 'koinly.csv', 'screening.csv', 'tieout.csv']));
    expect(files).toEqual(outFiles(path.join(dir, 'sqlite')));

    // A re-run asks no list, tag or screening list, nor the block of an instant (final answers, kept by PostgreSQL
    // too: issue 48.6); this period runs to the world's end, so only each chain's head is asked again.
    const asked = { ...sandbox.stats.byAction };
    const again = await runExport(jobFor('postgres-again'), options(postgres('client-a')));
    const actions = Object.entries(sandbox.stats.byAction).filter(([action, count]) => count > (asked[action] ?? 0));
    expect(actions.map(([action]) => action)).toEqual(['proxy.eth_blockNumber']);
    expect(again.api.requests).toBe(CHAINS.length);
    expect(outFiles(path.join(dir, 'postgres-again'))).toEqual(files);

    // Tags, lists and final answers are facts about addresses and chains: another client's book asks for none of
    // them again. Its key limiter is the one given (a worker gives the database's shared one): every request waited on it.
    let acquired = 0;
    const limiter: KeyLimiter = { acquire: async () => void (acquired += 1) };
    const otherBook = await runExport(jobFor('postgres-other'), { ...options(postgres('client-b')), limiter });
    expect(acquired).toBe(otherBook.api.requests);
    expect(otherBook.sync.listCalls).toBeGreaterThan(0);
    expect([otherBook.labels.calls, otherBook.labels.screeningLists?.calls]).toEqual([0, 0]);
    expect(outFiles(path.join(dir, 'postgres-other'))).toEqual(files);
  });

  it('renders in parts on worker threads that open the book themselves, byte for byte as one pass', async () => {
    const job = jobFor('unused');
    const store = openStoreAt(postgres('client-a'));
    try {
      const chains = sqliteExport.sync.chains;
      const templates = jobTemplates(job);
      let parts = 0;
      const split = ledgerParts(store, job, chains, { minRows: 0, threads: 3 });
      // Each alone: a lone template is what reads in parts.
      for (const template of templates) {
        await renderTiedOut({
          entries: ledgerFromStore(store, job, chains),
          parts: (rendered, valuation, pass) => {
            const cut = split(rendered, valuation, pass);
            parts += cut?.length ?? 0;
            return cut;
          },
          templates: [template],
          outDir: path.join(dir, 'parts', template.name),
          context: { timezone: job.timezone },
        });
        await renderTiedOut({
          entries: ledgerFromStore(store, job, chains),
          templates: [template],
          outDir: path.join(dir, 'one-pass', template.name),
          context: { timezone: job.timezone },
        });
      }
      expect(parts).toBe(3 * templates.filter(renderableInParts).length);
      expect(parts).toBeGreaterThan(0);
      expect(outFiles(path.join(dir, 'parts'))).toEqual(outFiles(path.join(dir, 'one-pass')));
    } finally {
      store.close();
    }
  });

  it('locks a book per session: a second run is refused at once, another book is not, and a lost session frees it', async () => {
    const job = jobFor('lock');
    const holder = openJobRun(job, { command: 'first', store: postgres('locked') });
    try {
      expect(() => openJobRun(job, { command: 'second', store: postgres('locked') })).toThrow(InputError);
      expect(() => openJobRun(job, { command: 'second', store: postgres('locked') })).toThrow(
        /another ledgerscan run is using book locked \(fix: wait for it/,
      );
      openJobRun(job, { command: 'other book', store: postgres('not-locked') }).close();
      // What a kill -9 or a restarted server does to the holder: its session ends, and the lock with it.
      await terminateOthers(database);
      openJobRun(job, { command: 'after the holder died', store: postgres('locked') }).close();
    } finally {
      holder.close();
    }
    // A closed run releases it too.
    openJobRun(job, { command: 'again', store: postgres('locked') }).close();
  });

  it('frees the book of a process killed with SIGKILL while it held it', async () => {
    const job = jobFor('lock');
    const child = spawn(process.execPath, ['--import', 'tsx', LOCK_CHILD, database, 'killed'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    try {
      expect(await new Promise<string>((resolve) => child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString())))).toBe(
        'locked\n',
      );
      expect(() => openJobRun(job, { command: 'while held', store: postgres('killed') })).toThrow(
        /another ledgerscan run is using book killed/,
      );
    } finally {
      child.kill('SIGKILL');
    }
    expect(await exited).toBe('SIGKILL');
    // The server ends the dead client's session when it sees the socket closed: moments, not a lease.
    const deadline = Date.now() + 5000;
    for (;;) {
      try {
        openJobRun(job, { command: 'after kill -9', store: postgres('killed') }).close();
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  });

  it('goes on after its session is cut between statements, or stops as a service failure if cut within one; every committed page is kept and the next run completes the book', async () => {
    // Slow enough that pages are still being committed when the session is cut.
    const job = jobFor('cut', { rate: '100' });
    const location = postgres('cut');
    const syncing = runSync(job, { command: 'test', progress: quiet, store: location });
    const outcome = syncing.then(
      () => null,
      (error: unknown) => error,
    );
    for (;;) {
      const [row] = await queryDatabase(database, "SELECT count(*)::int AS ranges FROM ledgerscan.synced_ranges WHERE book_id = 'cut'");
      if (Number(row?.ranges) >= 3) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await terminateOthers(database);
    // Between two statements the next one opens a new session (BlockingPostgres); within one, the run stops.
    const error = await outcome;
    if (error !== null) {
      expect(error).toBeInstanceOf(DatabaseUnavailableError);
      expect(exitCodeFor(error)).toBe(3);
      expect(String((error as Error).message)).not.toMatch(/password/);
    }

    // What the cut run committed: every synced range with its rows.
    const wallets = world.wallets.map((wallet) => wallet.address);
    const committed = (store: RecordStore, keys?: Map<string, string[]>): Map<string, string[]> => {
      const found = new Map<string, string[]>();
      for (const chainId of CHAINS) {
        for (const wallet of wallets) {
          for (const stream of STREAMS) {
            const range = store.syncedRange(chainId, wallet, stream);
            const key = `${chainId} ${wallet} ${stream} ${range?.fromBlock} ${range?.toBlock}`;
            if (range === null || (keys !== undefined && !keys.has(key))) continue;
            const rows = [...store.rawRecords(chainId, [wallet], range.fromBlock, range.toBlock)].filter((row) => row.stream === stream);
            found.set(
              key,
              rows.map((row) => JSON.stringify(row.record)),
            );
          }
        }
      }
      return found;
    };
    const cut = openStoreAt(location);
    const atCut = committed(cut);
    const recordsAtCut = cut.countRecords();
    cut.close();
    expect(atCut.size).toBeGreaterThanOrEqual(3);

    // The next run resumes from the store: the cut run's ranges and rows are all still there, unchanged, and
    // the book ends equal to an uninterrupted sync's.
    await runSync(jobFor('cut'), { command: 'test', progress: quiet, store: location });
    await runSync(jobFor('clean', { state: path.join(dir, 'clean.db') }), { command: 'test', progress: quiet });
    const done = openStoreAt(location);
    const clean = openStoreAt({ kind: 'sqlite', file: path.join(dir, 'clean.db') });
    try {
      expect(recordsAtCut).toBeLessThanOrEqual(clean.countRecords());
      expect(committed(clean, atCut)).toEqual(atCut);
      for (const chainId of CHAINS)
        expect([...done.rawRecords(chainId, wallets, 0, Number.MAX_SAFE_INTEGER)]).toEqual([
          ...clean.rawRecords(chainId, wallets, 0, Number.MAX_SAFE_INTEGER),
        ]);
      expect(done.countReceipts()).toBe(clean.countReceipts());
    } finally {
      done.close();
      clean.close();
    }
  });
});

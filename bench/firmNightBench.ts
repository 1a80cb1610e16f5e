/**
 * `npm run bench -- --firm-night [--books N] [--keys K] [--workers W] [--rate R] [--quota Q] [--nights 3] [--scale S] [--clients C]
 * [--worker-nice N] [--profile-workers DIR]`
 * (issue 45): a firm's nights on the distributed workspace. A generated firm of N books (default 1,000), each 1–5 of
 * the world's wallets on 1–4 of its chains (a seeded draw, most books small), K keys at R calls per second each (and Q
 * calls a day, if given), W `ledgerscan worker` processes (the built CLI), the sandbox in a process of its own, one
 * PostgreSQL database, and the workspace server in a process of its own with C clients reading it while the night goes
 * (as bench/workspaceBench.ts reads it). The sandbox serves the world up to a head `--nights` days before its end; night 0
 * queues every book's cold export at once, of the history up to the head; before each of nights 1 to `--nights` the head
 * moves a day on (a day's transactions appear) and every book's reconcile is queued at once (every schedule firing at the
 * same minute), its period ending on the head's day. Per night: calls per book
 * against the minimum of a warm reconcile (its new pages, new receipts and balance reads), by kind of call; wall time against Σ calls ÷ Σ key rates; 429s; calls per key (every attempt of a run);
 * the longest wait in the queue and that of the smaller half of the books; runs by status; the server's p95/max for
 * pages and API; the database's size and what each table grew by, the workers' CPU seconds and peak memory and the
 * database's connections. `--worker-nice` gives the workers that `--nice`; `--profile-workers` has each write a V8 CPU
 * profile (`--cpu-prof`) into DIR when it stops. On a cluster that loads `pg_stat_statements` (`ALTER SYSTEM SET
 * shared_preload_libraries = 'pg_stat_statements'` and a restart) each night also counts its statements a book and names
 * the most frequent. Merged into bench/results.json as `firmNight`.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STREAMS } from '../src/etherscan/wire.js';
import { WORLD_END, WORLD_START } from '../src/sandbox/worldSpan.js';
import { callsPerKey } from '../src/workspace/nightSummary.js';
import { openDistributedWorkspace } from '../src/workspace/openDistributedWorkspace.js';
import type { Workspace } from '../src/workspace/Workspace.js';
import { startWorkers, stopWorkers } from './benchWorkers.js';
import { adminQuery, benchPostgresServer, createBenchDatabase, dropBenchDatabase } from './benchPostgres.js';
import { startSandboxProcess } from './startSandboxProcess.js';
import type { SandboxProcess } from './startSandboxProcess.js';
import { startWorkspaceServerProcess } from './startWorkspaceServerProcess.js';
import { latency } from './workspaceBench.js';
import { growthPerBook, processCpuSeconds, tableBytes } from './nightCosts.js';
import { nightTrace, watchBackends, watchCalls, watchWorkerLogs } from './nightTrace.js';

const TARGETS = { wallOverIdeal: 1.1, rateLimited: 0, failed: 0, p95Ms: 25, maxMs: 250 };
const resultsPath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results.json');
const DAY_SECONDS = 86_400;
const day = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString().slice(0, 10);

interface Night {
  night: number;
  kind: 'export' | 'reconcile';
  /** The night's period, which ends on the day before the sandbox's head (a day later each night). */
  period: { from: string; to: string };
  books: number;
  calls: number;
  callsPerBook: number;
  /**
   * A warm reconcile's fewest calls per book: the list pages and receipts it fetched (the new ones: a warm sync asks
   * nothing of blocks it has) and its balance reads; what is above it is the head and block lookups. Null for the cold
   * exports (their minimum is `npm run bench`'s minimumCalls).
   */
  minimumCallsPerBook: number | null;
  /** Calls by kind: list pages, receipts, balance reads, the rest (head, block lookups). */
  callsByKind: Record<'lists' | 'receipts' | 'balances' | 'other', number>;
  wallSeconds: number;
  idealSeconds: number;
  wallOverIdeal: number;
  rateLimited: number;
  callsPerKey: Record<string, number>;
  statuses: Record<string, number>;
  longestWaitSeconds: number;
  /** The longest wait of the half of the books with the fewest calls: a long book must not hold the short ones behind it. */
  longestWaitSmallHalfSeconds: number;
  /** The server's answers to the readers while the night went. */
  pages: ReturnType<typeof latency>;
  api: ReturnType<typeof latency>;
  databaseMegabytes: number;
  databaseKilobytesPerBook: number;
  /** What each table grew by in the night, kB per book (those under 1 kB left out). */
  tablesGrowthKilobytesPerBook: Record<string, number>;
  /** The workers' CPU seconds in the night (user and system, all of them together), and per book. */
  workersCpuSeconds: number;
  workersCpuSecondsPerBook: number;
  workersPeakRssMegabytes: number;
  peakConnections: number;
  /** Where the wall went (`nightTrace`): runs in flight, a run's seconds, the claim gaps, the tail, the keys' busy share. */
  trace: Record<string, unknown>;
  /** PostgreSQL's side of a book: its backends' CPU seconds (this database's) and its transactions (`watchBackends`). */
  postgresCpuSecondsPerBook: number;
  postgresTransactionsPerBook: number;
  /** Its statements a book and the most frequent ones, the readers' included (where the cluster loads `pg_stat_statements`). */
  postgresStatementsPerBook: number | null;
  postgresTopStatements: { calls: number; query: string }[];
}

/** A seeded draw (mulberry32): the same firm on every run. */
function draw(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 1–k, most often 1: a long tail. */
const tail = (random: () => number, most: number): number => Math.min(most, 1 + Math.floor(-Math.log(1 - random()) * 0.9));

export async function firmNightBench(argv: readonly string[]): Promise<void> {
  const option = (name: string, fallback: string): number => {
    const index = argv.indexOf(name);
    const value = Number(index < 0 ? fallback : argv[index + 1]);
    if (!(value > 0)) throw new Error(`${name} takes a positive number`);
    return value;
  };
  const setup = {
    books: option('--books', '1000'),
    keys: option('--keys', '2'),
    workers: option('--workers', '3'),
    rate: option('--rate', '50'),
    nights: option('--nights', '3'),
    scale: option('--scale', '0.1'),
    clients: option('--clients', '4'),
    quota: argv.includes('--quota') ? option('--quota', '1') : undefined,
    workerNice: argv.includes('--worker-nice') ? Number(argv[argv.indexOf('--worker-nice') + 1]) : undefined,
  };
  const profileDir = argv.includes('--profile-workers') ? path.resolve(argv[argv.indexOf('--profile-workers') + 1] ?? '') : undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-bench-firm-night-'));
  const server = benchPostgresServer();
  const keys = Array.from({ length: setup.keys }, (_, index) => `firm-night-key-${index + 1}`);
  const firstHead = WORLD_END - setup.nights * DAY_SECONDS;
  const sandbox = await startSandboxProcess({
    scale: setup.scale,
    rate: setup.rate,
    apiKey: keys[0]!,
    moreKeys: keys.slice(1),
    spanFeeMarket: false,
    headTime: firstHead,
  });
  // The process id in the name: two benches on one shared server never drop each other's database.
  const database = await createBenchDatabase(server.url, `firm_night_${setup.books}_${process.pid}`);
  const files = path.join(dir, 'files');
  const workspace = await openDistributedWorkspace({
    database,
    filesDir: files,
    api: { apiKey: keys[0]!, baseUrl: sandbox.url, rate: setup.rate },
  });
  const reader = await startWorkspaceServerProcess({
    dir: files,
    database,
    api: { apiKey: keys[0]!, baseUrl: sandbox.url, rate: setup.rate },
    workers: 0,
  });
  let workers: ChildProcess[] = [];
  let logs: ReturnType<typeof watchWorkerLogs> = { events: [] };
  try {
    const random = draw(45);
    const { wallets, chainIds } = sandbox.world;
    const bookIds: number[] = [];
    for (let index = 0; index < setup.books; index += 1) {
      const chains = [...chainIds].sort(() => random() - 0.5).slice(0, tail(random, Math.min(4, chainIds.length)));
      const mine = wallets.filter((wallet) => wallet.chains.some((chain) => chains.includes(chain)));
      const picked = [...mine].sort(() => random() - 0.5).slice(0, tail(random, 5));
      const book = await workspace.addBook({
        name: `Firm client ${index + 1}`,
        wallets: picked.map((wallet) => ({ address: wallet.address })),
        chains,
      });
      bookIds.push(book.id);
    }
    workers = await startWorkers(setup.workers, {
      database,
      files,
      baseUrl: sandbox.url,
      keys,
      rate: setup.rate,
      ...(setup.quota === undefined ? {} : { dailyQuota: setup.quota }),
      ...(setup.workerNice === undefined ? {} : { nice: setup.workerNice }),
      ...(profileDir === undefined ? {} : { nodeFlags: ['--cpu-prof', '--cpu-prof-dir', profileDir] }),
    });
    logs = watchWorkerLogs(workers);
    const nights: Night[] = [];
    for (let night = 0; night <= setup.nights; night += 1) {
      if (night > 0) await sandbox.growByDay();
      const figures = await oneNight(workspace, sandbox, {
        database,
        bookIds,
        workers,
        logs,
        keyRates: setup.keys * setup.rate,
        night,
        period: { from: day(WORLD_START), to: day(firstHead + night * DAY_SECONDS - 1) },
        reader: { url: reader.url, token: reader.token, clients: setup.clients },
      });
      nights.push(figures);
      process.stdout.write(`${describe(figures)}\n`);
    }
    const results = fs.existsSync(resultsPath) ? (JSON.parse(fs.readFileSync(resultsPath, 'utf8')) as Record<string, unknown>) : {};
    const previous = (results['firmNight'] as Record<string, unknown> | undefined) ?? {};
    const figures = {
      measuredAt: new Date().toISOString(),
      ...setup,
      nights,
      machine: { cpus: os.cpus().length, node: process.version },
      targets: TARGETS,
    };
    fs.writeFileSync(
      resultsPath,
      `${JSON.stringify({ ...results, firmNight: { ...previous, [`books${setup.books}`]: figures } }, null, 2)}\n`,
    );
    process.stdout.write(`written: ${path.relative(process.cwd(), resultsPath)} (firmNight.books${setup.books})\n`);
  } finally {
    await stopWorkers(workers);
    await reader.close();
    await workspace.close();
    await dropBenchDatabase(database);
    await sandbox.close();
    server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function oneNight(
  workspace: Workspace,
  sandbox: SandboxProcess,
  setup: {
    database: string;
    bookIds: number[];
    workers: ChildProcess[];
    logs: ReturnType<typeof watchWorkerLogs>;
    keyRates: number;
    night: number;
    period: { from: string; to: string };
    reader: { url: string; token: string; clients: number };
  },
): Promise<Night> {
  const kind = setup.night === 0 ? 'export' : 'reconcile';
  const request = kind === 'export' ? { kind, period: setup.period, templates: ['ledger'] } : { kind, period: setup.period };
  const before = await sandbox.stats();
  const tablesBefore = await tableBytes(setup.database);
  const cpuBefore = setup.workers.reduce((sum, child) => sum + processCpuSeconds(child.pid), 0);
  let peakConnections = 0;
  const sampler = setInterval(() => {
    void adminQuery<{ n: number }>(
      setup.database,
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()',
    ).then(
      ([row]) => (peakConnections = Math.max(peakConnections, row?.n ?? 0)),
      () => undefined,
    );
  }, 1000);
  const calling = watchCalls(sandbox);
  const backends = watchBackends(setup.database);
  const startedAt = Date.now();
  const started = performance.now();
  const runIds: number[] = [];
  for (const bookId of setup.bookIds) runIds.push((await workspace.queue.enqueue(bookId, request as never, 'schedule')).id);
  const reading = readWhile(workspace.queue.idle(), setup.reader, runIds, setup.bookIds);
  const { pageMs, apiMs } = await reading;
  const wallSeconds = (performance.now() - started) / 1000;
  const endedAt = Date.now();
  const samples = await calling.stop();
  const postgres = await backends.stop();
  clearInterval(sampler);
  const workersCpuSeconds = setup.workers.reduce((sum, child) => sum + processCpuSeconds(child.pid), 0) - cpuBefore;
  const after = await sandbox.stats();
  const runs = await Promise.all(runIds.map(async (id) => (await workspace.data.getRun(id))!));
  const calls = after.requests - before.requests;
  const statuses: Record<string, number> = {};
  for (const run of runs) statuses[run.status] = (statuses[run.status] ?? 0) + 1;
  const earlier = await adminQuery<{ key_name: string; calls: string }>(
    setup.database,
    `SELECT key_name, sum(calls)::text AS calls FROM ledgerscan.run_attempts WHERE run_id IN (${runIds.join(',')}) GROUP BY key_name`,
  );
  const byAction = (name: string): number => (after.byAction[name] ?? 0) - (before.byAction[name] ?? 0);
  const actions = new Set([...Object.keys(after.byAction)]);
  const lists = STREAMS.reduce((sum, stream) => sum + byAction(`account.${stream}`), 0);
  const receipts = byAction('proxy.eth_getTransactionReceipt');
  const balances = [...actions].filter((action) => /balance/i.test(action)).reduce((sum, action) => sum + byAction(action), 0);
  const callsByKind = { lists, receipts, balances, other: calls - lists - receipts - balances };
  const wait = (run: (typeof runs)[number]): number => (Date.parse(run.startedAt ?? run.createdAt) - Date.parse(run.createdAt)) / 1000;
  const bySize = [...runs].sort((a, b) => a.progress.apiCalls - b.progress.apiCalls);
  const [size] = await adminQuery<{ bytes: string }>(setup.database, 'SELECT pg_database_size(current_database())::text AS bytes');
  const bytes = Number(size?.bytes ?? 0);
  return {
    night: setup.night,
    kind,
    period: setup.period,
    books: runs.length,
    calls,
    callsPerBook: calls / runs.length,
    minimumCallsPerBook: kind === 'export' ? null : (lists + receipts + balances) / runs.length,
    callsByKind,
    wallSeconds,
    idealSeconds: calls / setup.keyRates,
    wallOverIdeal: wallSeconds / (calls / setup.keyRates),
    rateLimited: after.rateLimited - before.rateLimited,
    callsPerKey: callsPerKey(runs, new Map(earlier.map((row) => [row.key_name, Number(row.calls)]))),
    statuses,
    longestWaitSeconds: Math.max(...runs.map(wait)),
    longestWaitSmallHalfSeconds: Math.max(...bySize.slice(0, Math.ceil(bySize.length / 2)).map(wait)),
    pages: latency(pageMs),
    api: latency(apiMs),
    databaseMegabytes: bytes / 1e6,
    databaseKilobytesPerBook: bytes / 1e3 / runs.length,
    tablesGrowthKilobytesPerBook: growthPerBook(tablesBefore, await tableBytes(setup.database), runs.length),
    workersCpuSeconds,
    workersCpuSecondsPerBook: workersCpuSeconds / runs.length,
    workersPeakRssMegabytes: setup.workers.reduce((sum, child) => sum + peakRss(child.pid), 0),
    peakConnections,
    trace: nightTrace(
      { startedAt, endedAt, keyRates: setup.keyRates, workers: setup.workers.length },
      setup.logs.events,
      samples,
      new Map(runs.map((run) => [run.id, run.progress.apiCalls])),
    ),
    postgresCpuSecondsPerBook: postgres.cpuSeconds / runs.length,
    postgresTransactionsPerBook: postgres.transactions / runs.length,
    postgresStatementsPerBook: postgres.statements === null ? null : postgres.statements.total / runs.length,
    postgresTopStatements: postgres.statements?.top ?? [],
  };
}

/**
 * Clients reading the workspace server until `done`, as an accountant opening pages at 02:05 would: a run's JSON and
 * page, the books list, the front page or a book's page, a tenth of a second apart each; the latencies of pages and API.
 */
async function readWhile(
  done: Promise<void>,
  reader: { url: string; token: string; clients: number },
  runIds: readonly number[],
  bookIds: readonly number[],
): Promise<{ pageMs: number[]; apiMs: number[] }> {
  let finished = false;
  void done.finally(() => (finished = true));
  const pageMs: number[] = [];
  const apiMs: number[] = [];
  const get = async (route: string, into: number[]): Promise<void> => {
    const began = performance.now();
    const response = await fetch(`${reader.url}${route}`, { headers: { authorization: `Bearer ${reader.token}` } });
    await response.text();
    if (!response.ok) throw new Error(`GET ${route}: ${response.status}`);
    into.push(performance.now() - began);
  };
  const client = async (offset: number): Promise<void> => {
    await new Promise((resolve) => setTimeout(resolve, (offset * 100) / reader.clients));
    for (let turn = offset; !finished; turn += 1) {
      const runId = runIds[(turn * 7919) % runIds.length]!;
      await get(`/api/runs/${runId}`, apiMs);
      await get(`/runs/${runId}`, pageMs);
      await get('/api/books', apiMs);
      await get(turn % 2 === 0 ? '/' : `/books/${bookIds[turn % bookIds.length]!}`, pageMs);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  await Promise.all([done, ...Array.from({ length: reader.clients }, (_, index) => client(index))]);
  return { pageMs, apiMs };
}

/** VmHWM of a process in MB (Linux); 0 where /proc does not say. */
function peakRss(pid: number | undefined): number {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? 0 : Number(kb) / 1024;
  } catch {
    return 0;
  }
}

function describe(night: Night): string {
  return (
    `night ${night.night} (${night.kind} to ${night.period.to}): ${night.books} books, ${night.calls} calls (${night.callsPerBook.toFixed(1)}/book) in ${night.wallSeconds.toFixed(1)} s` +
    ` = ${night.wallOverIdeal.toFixed(2)} × calls ÷ rates; 429s ${night.rateLimited}; keys ${JSON.stringify(night.callsPerKey)};` +
    ` by kind ${JSON.stringify(night.callsByKind)}${night.minimumCallsPerBook === null ? '' : `, minimum ${night.minimumCallsPerBook.toFixed(1)}/book`};` +
    ` pages p95 ${night.pages.p95Ms.toFixed(1)} ms max ${night.pages.maxMs.toFixed(0)} ms, API p95 ${night.api.p95Ms.toFixed(1)} ms max ${night.api.maxMs.toFixed(0)} ms;` +
    ` ${JSON.stringify(night.statuses)}; longest wait ${night.longestWaitSeconds.toFixed(1)} s (small half ${night.longestWaitSmallHalfSeconds.toFixed(1)} s);` +
    ` database ${night.databaseMegabytes.toFixed(1)} MB (${night.databaseKilobytesPerBook.toFixed(0)} kB/book), grown by table (kB/book) ${JSON.stringify(night.tablesGrowthKilobytesPerBook)};` +
    ` workers' CPU ${night.workersCpuSeconds.toFixed(1)} s (${night.workersCpuSecondsPerBook.toFixed(2)} s/book); workers' peak RSS ${night.workersPeakRssMegabytes.toFixed(0)} MB; connections ≤ ${night.peakConnections}; PostgreSQL ${night.postgresCpuSecondsPerBook.toFixed(2)} CPU-s and ${night.postgresTransactionsPerBook.toFixed(0)} transactions${night.postgresStatementsPerBook === null ? '' : ` and ${night.postgresStatementsPerBook.toFixed(1)} statements`} a book; trace ${JSON.stringify(night.trace)}`
  );
}

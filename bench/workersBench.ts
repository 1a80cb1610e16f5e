/**
 * `npm run bench -- --workers 1,2,4 [--rate R] [--scale S] [--books B]`: the distributed workspace's throughput
 * in API calls per second with W `ledgerscan worker` processes (the built CLI) on one PostgreSQL database,
 * against the sandbox in a process of its own that accepts one key per worker, each at R calls per second.
 * Every W exports the same B books (default 2 × the most workers, each with all the world's wallets) from cold stores. Keys: the workers all get W keys (ETHERSCAN_API_KEYS) and
 * spread their runs over them (the key with the fewest runs going), then, last, the most workers share ONE key.
 * Figures: calls, wall time from queueing to idle, calls per second, the ratio to one worker, rate-limit
 * rejections. Merged into bench/results.json as `workers`.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORLD_END, WORLD_START } from '../src/sandbox/worldSpan.js';
import { openDistributedWorkspace } from '../src/workspace/openDistributedWorkspace.js';
import { startWorkers, stopWorkers } from './benchWorkers.js';
import { benchPostgresServer, createBenchDatabase, dropBenchDatabase } from './benchPostgres.js';
import { startSandboxProcess } from './startSandboxProcess.js';
import type { SandboxProcess } from './startSandboxProcess.js';

const TARGETS = { speedupAt2: 1.8, speedupAt4: 3.4, rateLimited: 0 };
const here = path.dirname(fileURLToPath(import.meta.url));
const resultsPath = path.join(here, 'results.json');
const day = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString().slice(0, 10);

interface Round {
  workers: number;
  keys: number;
  calls: number;
  wallSeconds: number;
  callsPerSecond: number;
  rateLimited: number;
  statuses: string[];
}

export async function workersBench(argv: readonly string[]): Promise<void> {
  const option = (name: string, fallback: string): string => {
    const index = argv.indexOf(name);
    return index < 0 ? fallback : (argv[index + 1] ?? '');
  };
  const counts = option('--workers', '1,2,4').split(',').map(Number);
  if (counts.some((count) => !Number.isInteger(count) || count < 1)) throw new Error('--workers takes counts such as 1,2,4');
  const rate = Number(option('--rate', '25'));
  const scale = Number(option('--scale', '0.1'));
  const most = Math.max(...counts);
  const books = Number(option('--books', String(2 * most)));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-bench-workers-'));
  const server = benchPostgresServer();
  const keys = Array.from({ length: most }, (_, index) => `bench-worker-key-${index + 1}`);
  const sandbox = await startSandboxProcess({ scale, rate, apiKey: keys[0]!, moreKeys: keys.slice(1), spanFeeMarket: false });
  try {
    const rounds: Round[] = [];
    for (const workers of counts)
      rounds.push(await round(sandbox, server.url, dir, { workers, keys: keys.slice(0, workers), rate, books }));
    const shared = await round(sandbox, server.url, dir, { workers: most, keys: keys.slice(0, 1), rate, books });
    const single = rounds.find((entry) => entry.workers === 1);
    const speedup = (entry: Round): number | null => (single === undefined ? null : entry.callsPerSecond / single.callsPerSecond);
    const figures = {
      measuredAt: new Date().toISOString(),
      rate,
      scale,
      books,
      oneKeyPerWorker: rounds.map((entry) => ({ ...entry, speedup: speedup(entry), idealCallsPerSecond: entry.workers * rate })),
      sharedKey: { ...shared, keyRate: rate, overKeyRate: shared.callsPerSecond / rate },
      machine: { cpus: os.cpus().length, node: process.version },
      targets: TARGETS,
    };
    for (const entry of figures.oneKeyPerWorker) {
      process.stdout.write(
        `workers ${entry.workers}, ${entry.keys} key(s) at ${rate}/s: ${entry.calls} calls in ${entry.wallSeconds.toFixed(1)} s = ${entry.callsPerSecond.toFixed(1)} calls/s` +
          `${entry.speedup === null ? '' : ` (${entry.speedup.toFixed(2)} × one worker)`}, ${entry.rateLimited} rate-limit rejections; ${entry.statuses.join(', ')}\n`,
      );
    }
    process.stdout.write(
      `workers ${most} sharing one key at ${rate}/s: ${shared.calls} calls in ${shared.wallSeconds.toFixed(1)} s = ${shared.callsPerSecond.toFixed(1)} calls/s` +
        ` (${figures.sharedKey.overKeyRate.toFixed(3)} × the key's rate), ${shared.rateLimited} rate-limit rejections\n`,
    );
    const results = fs.existsSync(resultsPath) ? (JSON.parse(fs.readFileSync(resultsPath, 'utf8')) as Record<string, unknown>) : {};
    fs.writeFileSync(resultsPath, `${JSON.stringify({ ...results, workers: figures }, null, 2)}\n`);
    process.stdout.write(`written: ${path.relative(process.cwd(), resultsPath)}\n`);
  } finally {
    await sandbox.close();
    server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** W workers, a fresh database, B books queued at once; figures once the queue is idle. */
async function round(
  sandbox: SandboxProcess,
  serverUrl: string,
  dir: string,
  setup: { workers: number; keys: string[]; rate: number; books: number },
): Promise<Round> {
  const name = `workers_${setup.workers}_keys_${setup.keys.length}`;
  const database = await createBenchDatabase(serverUrl, name);
  const files = path.join(dir, name);
  const workspace = await openDistributedWorkspace({
    database,
    filesDir: files,
    api: { apiKey: setup.keys[0]!, baseUrl: sandbox.url, rate: setup.rate },
  });
  const children: ChildProcess[] = [];
  try {
    // Every book holds every wallet of the world in a store of its own: books of one size, so W workers that
    // share B books evenly finish together and the figure measures the queue and the keys, not the split.
    const { wallets, chainIds } = sandbox.world;
    const ids: number[] = [];
    for (let index = 0; index < setup.books; index += 1) {
      ids.push(
        (
          await workspace.addBook({
            name: `Bench client ${index + 1}`,
            wallets: wallets.map((wallet) => ({ address: wallet.address, chains: wallet.chains })),
            chains: chainIds,
          })
        ).id,
      );
    }
    children.push(...(await startWorkers(setup.workers, { database, files, baseUrl: sandbox.url, keys: setup.keys, rate: setup.rate })));
    const before = await sandbox.stats();
    const started = performance.now();
    const period = { from: day(WORLD_START), to: day(WORLD_END - 1) };
    const runs: number[] = [];
    for (const bookId of ids) runs.push((await workspace.startRun(bookId, { kind: 'export', period, templates: ['ledger'] }))?.id ?? 0);
    await workspace.queue.idle();
    const wallSeconds = (performance.now() - started) / 1000;
    const after = await sandbox.stats();
    const calls = after.requests - before.requests;
    return {
      workers: setup.workers,
      keys: setup.keys.length,
      calls,
      wallSeconds,
      callsPerSecond: calls / wallSeconds,
      rateLimited: after.rateLimited - before.rateLimited,
      statuses: [...new Set(await Promise.all(runs.map(async (id) => (await workspace.data.getRun(id))?.status ?? 'gone')))],
    };
  } finally {
    await stopWorkers(children);
    await workspace.close();
    await dropBenchDatabase(database);
  }
}

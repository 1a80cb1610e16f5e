/**
 * `npm run bench -- --workspace [--database] [--books 6] [--workers 2] [--clients 8] [--rate N] [--scale S]`:
 * B books exported at once by the workspace on one API key at rate N against the sandbox (in a process of its
 * own) — embedded (in-process queue, W runs at a time) or, with `--database`, distributed (the server on
 * PostgreSQL and W `ledgerscan worker` processes) — while C clients read pages and API routes and one event
 * stream per run is open. Figures: rate-limit rejections, wall time against all calls ÷ N, and the p95 and max
 * latency of pages and API routes while the runs go. Merged into bench/results.json as `workspace` or
 * `workspaceDistributed`.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORLD_END, WORLD_START } from '../src/sandbox/worldSpan.js';
import { createServer } from '../src/server/createServer.js';
import { openDistributedWorkspace } from '../src/workspace/openDistributedWorkspace.js';
import { hashPassword, randomToken, tokenDigest } from '../src/workspace/secrets.js';
import { Workspace } from '../src/workspace/Workspace.js';
import { benchPostgresServer, createBenchDatabase, dropBenchDatabase } from './benchPostgres.js';
import { startWorkers, stopWorkers } from './benchWorkers.js';
import { startSandboxProcess } from './startSandboxProcess.js';

const TARGETS = { rateLimited: 0, wallOverIdeal: 1.1, p95Ms: 25, maxMs: 250 };
const resultsPath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results.json');
const day = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString().slice(0, 10);

export async function workspaceBench(argv: readonly string[]): Promise<void> {
  const option = (name: string, fallback: number): number => {
    const index = argv.indexOf(name);
    const value = index < 0 ? fallback : Number(argv[index + 1]);
    if (!(value > 0)) throw new Error(`${name} must be a positive number`);
    return value;
  };
  const rate = option('--rate', 10);
  const scale = option('--scale', 0.1);
  const bookCount = option('--books', 6);
  const workers = option('--workers', 2);
  const clients = option('--clients', 8);
  const distributed = argv.includes('--database');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-bench-workspace-'));
  const apiKey = `bench-workspace-key-${rate}`;
  const sandbox = await startSandboxProcess({ scale, rate, apiKey, spanFeeMarket: false });
  const api = { apiKey, baseUrl: sandbox.url, rate };
  const server = distributed ? benchPostgresServer() : undefined;
  const database = server === undefined ? undefined : await createBenchDatabase(server.url, 'workspace');
  const workspace = database === undefined ? new Workspace({ dataDir: dir, api, maxRunning: workers }) : await openDistributedWorkspace({ database, filesDir: dir, api });
  let children: ChildProcess[] = [];
  if (database === undefined) await workspace.start({ scheduler: false });
  const app = await createServer(workspace);
  try {
    if (database !== undefined) children = await startWorkers(workers, { database, files: dir, baseUrl: sandbox.url, keys: [apiKey], rate });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const user = await workspace.data.addUser('bench', 'admin', await hashPassword('bench password'));
    const token = randomToken();
    await workspace.data.addToken(user.id, tokenDigest(token));
    const headers = { authorization: `Bearer ${token}` };
    const get = async (route: string): Promise<number> => {
      const started = performance.now();
      const response = await fetch(`${url}${route}`, { headers });
      await response.text();
      if (!response.ok) throw new Error(`GET ${route}: ${response.status}`);
      return performance.now() - started;
    };

    const { wallets, chainIds } = sandbox.world;
    const books: { id: number }[] = [];
    for (let index = 0; index < bookCount; index += 1) {
      // More books than the world's wallets: books share wallets, each with a store of its own (so as many exports).
      const owned = wallets.filter((_, at) => at % bookCount === index % wallets.length);
      books.push(await workspace.addBook({ name: `Bench client ${index + 1}`, wallets: owned.map((wallet) => ({ address: wallet.address, chains: wallet.chains })), chains: chainIds }));
    }
    const period = { from: day(WORLD_START), to: day(WORLD_END - 1) };
    const started = performance.now();
    const runs: number[] = [];
    for (const book of books) runs.push((await workspace.startRun(book.id, { kind: 'export', period, templates: ['ledger'] }))?.id ?? 0);
    // One event stream per run, read to its end as a run page does.
    const streams = runs.map(async (runId) => {
      const response = await fetch(`${url}/api/runs/${runId}/events`, { headers });
      return (await response.text()).split('\n\n').filter((event) => event.startsWith('event:')).length;
    });
    const pageMs: number[] = [];
    const apiMs: number[] = [];
    let finished = false;
    const done = workspace.queue.idle().then(() => (finished = true));
    const client = async (offset: number): Promise<void> => {
      for (let turn = offset; !finished; turn += 1) {
        const runId = runs[turn % runs.length]!;
        apiMs.push(await get(`/api/runs/${runId}`));
        pageMs.push(await get(`/runs/${runId}`));
        apiMs.push(await get('/api/books'));
        pageMs.push(await get(turn % 2 === 0 ? '/' : `/books/${books[turn % books.length]!.id}`));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    await Promise.all(Array.from({ length: clients }, (_, index) => client(index)));
    await done;
    const events = (await Promise.all(streams)).reduce((sum, count) => sum + count, 0);
    const wallSeconds = (performance.now() - started) / 1000;
    const outcomes = await Promise.all(runs.map((runId) => workspace.data.getRun(runId)));
    const calls = outcomes.reduce((sum, run) => sum + Number(run?.summary?.apiCalls ?? 0), 0);
    const stats = await sandbox.stats();
    const figures = {
      measuredAt: new Date().toISOString(),
      backend: distributed ? 'postgresql' : 'sqlite',
      rate,
      scale,
      books: bookCount,
      workers,
      clients,
      statuses: outcomes.map((run) => run?.status),
      calls,
      sandboxRequests: stats.requests,
      rateLimited: stats.rateLimited,
      events,
      wallSeconds,
      idealSeconds: calls / rate,
      wallOverIdeal: wallSeconds / (calls / rate),
      pages: latency(pageMs),
      api: latency(apiMs),
      machine: { cpus: os.cpus().length, node: process.version },
      targets: TARGETS,
    };
    process.stdout.write(
      `workspace (${figures.backend}): ${bookCount} books on ${workers} ${distributed ? 'worker processes' : 'run slots'}, one key at ${rate}/s, ${clients} clients, ${runs.length} event streams (${events} events): ${figures.statuses.join(', ')};` +
        ` ${calls} calls, ${stats.rateLimited} rate-limit rejections; wall ${wallSeconds.toFixed(1)} s = ${figures.wallOverIdeal.toFixed(3)} × calls ÷ rate (target ≤ ${TARGETS.wallOverIdeal});` +
        ` pages p95 ${figures.pages.p95Ms.toFixed(1)} ms max ${figures.pages.maxMs.toFixed(0)} ms, API p95 ${figures.api.p95Ms.toFixed(1)} ms max ${figures.api.maxMs.toFixed(0)} ms` +
        ` (targets p95 ≤ ${TARGETS.p95Ms} ms, max ≤ ${TARGETS.maxMs} ms; ${figures.pages.count + figures.api.count} requests)\n`,
    );
    const results = fs.existsSync(resultsPath) ? (JSON.parse(fs.readFileSync(resultsPath, 'utf8')) as Record<string, unknown>) : {};
    fs.writeFileSync(resultsPath, `${JSON.stringify({ ...results, [distributed ? 'workspaceDistributed' : 'workspace']: figures }, null, 2)}\n`);
    process.stdout.write(`written: ${path.relative(process.cwd(), resultsPath)}\n`);
  } finally {
    await stopWorkers(children);
    await app.close();
    await workspace.close();
    if (database !== undefined) await dropBenchDatabase(database);
    server?.stop();
    await sandbox.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function latency(samples: readonly number[]): { count: number; p50Ms: number; p95Ms: number; maxMs: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (share: number): number => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
  return { count: sorted.length, p50Ms: at(0.5), p95Ms: at(0.95), maxMs: sorted.at(-1) ?? 0 };
}

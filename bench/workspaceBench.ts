/**
 * `npm run bench -- --workspace [--database] [--books 6] [--workers 2] [--clients 8] [--rate N] [--scale S] [--server-in-process]`:
 * B books exported at once by the workspace on one API key at rate N against the sandbox (in a process of its
 * own) — embedded (in-process queue, W runs at a time) or, with `--database`, distributed (the server on
 * PostgreSQL and W `ledgerscan worker` processes) — while C clients read pages and API routes and one event
 * stream per run is open. The server runs in a process of its own, as `ledgerscan serve` does, unless
 * `--server-in-process` puts it in the bench's process beside the clients (the layout measured before: there the
 * clients' own event loop and GC pauses count as the server's latency). Books and runs are made through the API.
 * Figures: rate-limit rejections, wall time against all calls ÷ N, the p95 and max latency of pages and API routes
 * while the runs go, and both processes' event loop delay and GC pauses. Merged into bench/results.json as
 * `workspace` or `workspaceDistributed`.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORLD_END, WORLD_START } from '../src/sandbox/worldSpan.js';
import { benchPostgresServer, createBenchDatabase, dropBenchDatabase } from './benchPostgres.js';
import { startWorkers, stopWorkers } from './benchWorkers.js';
import type { TimedRequest } from './benchWorkspaceServer.js';
import { serveBenchWorkspace, slowestOf, WARM_UP } from './benchWorkspaceServer.js';
import { watchPauses } from './processPauses.js';
import { startSandboxProcess } from './startSandboxProcess.js';
import { startWorkspaceServerProcess } from './startWorkspaceServerProcess.js';

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
  const layout = argv.includes('--server-in-process') ? 'in-process' : 'own process';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-bench-workspace-'));
  const apiKey = `bench-workspace-key-${rate}`;
  const sandbox = await startSandboxProcess({ scale, rate, apiKey, spanFeeMarket: false });
  const api = { apiKey, baseUrl: sandbox.url, rate };
  const server = distributed ? benchPostgresServer() : undefined;
  const database = server === undefined ? undefined : await createBenchDatabase(server.url, 'workspace');
  const options = { dir, api, workers, ...(database === undefined ? {} : { database }) };
  // The bench's own pauses, and the server's: the same figures when the server shares this process.
  const benchPauses = watchPauses();
  const inProcess = layout === 'in-process' ? await serveBenchWorkspace(options) : undefined;
  const workspace =
    inProcess === undefined
      ? await startWorkspaceServerProcess(options)
      : { ...inProcess, report: async () => ({ pauses: benchPauses.read(), slowest: inProcess.slowest() }) };
  let children: ChildProcess[] = [];
  try {
    if (database !== undefined)
      children = await startWorkers(workers, { database, files: dir, baseUrl: sandbox.url, keys: [apiKey], rate });
    const { url } = workspace;
    const headers = { authorization: `Bearer ${workspace.token}` };
    const call = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${url}${route}`, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    const requests: TimedRequest[] = [];
    let origin = 0;
    const get = async (route: string): Promise<number> => {
      const began = performance.now();
      const response = await fetch(`${url}${route}`, { headers });
      await response.text();
      if (!response.ok) throw new Error(`GET ${route}: ${response.status}`);
      const ms = performance.now() - began;
      requests.push({ route: route.replace(/\d+/g, 'N'), at: Math.round(began - origin), ms });
      return ms;
    };

    const { wallets, chainIds } = sandbox.world;
    const books: { id: number }[] = [];
    for (let index = 0; index < bookCount; index += 1) {
      // More books than the world's wallets: books share wallets, each with a store of its own (so as many exports).
      const owned = wallets.filter((_, at) => at % bookCount === index % wallets.length);
      books.push(
        await call('POST', '/api/books', {
          name: `Bench client ${index + 1}`,
          wallets: owned.map((wallet) => ({ address: wallet.address, chains: wallet.chains })),
          chains: chainIds,
        }),
      );
    }
    // Each route asked once before the runs start, as a server that has been up answers them: the first answers of a
    // process (code compiled on first use, first connections) are not the latency under load this measures.
    for (const route of ['/', '/api/books', `/books/${books[0]!.id}`])
      await (await fetch(`${url}${route}`, { headers: { ...headers, [WARM_UP]: '1' } })).text();
    const period = { from: day(WORLD_START), to: day(WORLD_END - 1) };
    const started = performance.now();
    origin = started;
    const runs: number[] = [];
    for (const book of books)
      runs.push((await call<{ id: number }>('POST', `/api/books/${book.id}/runs`, { kind: 'export', period, templates: ['ledger'] })).id);
    // One event stream per run, read to its end (the run's end) as a run page does.
    const streams = runs.map(async (runId) => {
      const response = await fetch(`${url}/api/runs/${runId}/events`, { headers });
      return (await response.text()).split('\n\n').filter((event) => event.startsWith('event:')).length;
    });
    const pageMs: number[] = [];
    const apiMs: number[] = [];
    let finished = false;
    const done = Promise.all(streams).finally(() => (finished = true));
    const client = async (offset: number): Promise<void> => {
      // Spread over one pause, as readers arrive: eight first requests in the same millisecond as the runs' posting
      // and their event streams' opening queued behind one another (the slowest requests of a run, all in its first second).
      await new Promise((resolve) => setTimeout(resolve, (offset * 100) / clients));
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
    const events = (await done).reduce((sum, count) => sum + count, 0);
    const wallSeconds = (performance.now() - started) / 1000;
    const outcomes = await Promise.all(
      runs.map((runId) => call<{ status: string; summary: Record<string, unknown> | null }>('GET', `/api/runs/${runId}`)),
    );
    const calls = outcomes.reduce((sum, run) => sum + Number(run.summary?.apiCalls ?? 0), 0);
    const stats = await sandbox.stats();
    const figures = {
      measuredAt: new Date().toISOString(),
      backend: distributed ? 'postgresql' : 'sqlite',
      serverLayout: layout,
      rate,
      scale,
      books: bookCount,
      workers,
      clients,
      statuses: outcomes.map((run) => run.status),
      calls,
      sandboxRequests: stats.requests,
      rateLimited: stats.rateLimited,
      events,
      wallSeconds,
      idealSeconds: calls / rate,
      wallOverIdeal: wallSeconds / (calls / rate),
      pages: latency(pageMs),
      api: latency(apiMs),
      server: await workspace.report(),
      clientPauses: benchPauses.read(),
      slowest: slowestOf(requests),
      loadAverage: os.loadavg(),
      machine: { cpus: os.cpus().length, node: process.version },
      targets: TARGETS,
    };
    const ms = (value: number): string => value.toFixed(0);
    process.stdout.write(
      `workspace (${figures.backend}, server in ${layout === 'in-process' ? "the bench's process" : 'a process of its own'}): ${bookCount} books on ${workers} ${distributed ? 'worker processes' : 'run slots'}, one key at ${rate}/s, ${clients} clients, ${runs.length} event streams (${events} events): ${figures.statuses.join(', ')};` +
        ` ${calls} calls, ${stats.rateLimited} rate-limit rejections; wall ${wallSeconds.toFixed(1)} s = ${figures.wallOverIdeal.toFixed(3)} × calls ÷ rate (target ≤ ${TARGETS.wallOverIdeal});` +
        ` pages p95 ${figures.pages.p95Ms.toFixed(1)} ms max ${ms(figures.pages.maxMs)} ms, API p95 ${figures.api.p95Ms.toFixed(1)} ms max ${ms(figures.api.maxMs)} ms` +
        ` (targets p95 ≤ ${TARGETS.p95Ms} ms, max ≤ ${TARGETS.maxMs} ms; ${figures.pages.count + figures.api.count} requests);` +
        ` server process: loop delay p99 ${ms(figures.server.pauses.loopDelayP99Ms)} max ${ms(figures.server.pauses.loopDelayMaxMs)} ms, GC max ${ms(figures.server.pauses.gcMaxMs)} ms;` +
        ` bench process: loop delay p99 ${ms(figures.clientPauses.loopDelayP99Ms)} max ${ms(figures.clientPauses.loopDelayMaxMs)} ms, GC max ${ms(figures.clientPauses.gcMaxMs)} ms; load average ${figures.loadAverage.map((load) => load.toFixed(2)).join(' ')}\n`,
    );
    const results = fs.existsSync(resultsPath) ? (JSON.parse(fs.readFileSync(resultsPath, 'utf8')) as Record<string, unknown>) : {};
    fs.writeFileSync(
      resultsPath,
      `${JSON.stringify({ ...results, [distributed ? 'workspaceDistributed' : 'workspace']: figures }, null, 2)}\n`,
    );
    const slow = (list: readonly TimedRequest[]): string =>
      list
        .map(
          (request) => `${ms(request.ms)} ms ${request.route}${request.at === undefined ? '' : ` at ${(request.at / 1000).toFixed(1)} s`}`,
        )
        .join(', ');
    process.stdout.write(
      `slowest as the clients saw them: ${slow(figures.slowest)}\nslowest inside the server: ${slow(figures.server.slowest)}\n`,
    );
    process.stdout.write(`written: ${path.relative(process.cwd(), resultsPath)}\n`);
  } finally {
    await stopWorkers(children);
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

/**
 * `npm run bench -- --workspace [--rate N] [--scale S]`: four books exported at once by the workspace
 * server on one API key at rate N against the sandbox (in a process of its own), while a client reads
 * pages and API routes. Figures: rate-limit rejections, wall time against all calls ÷ N, and the p95
 * latency of pages and API routes while the runs go. Merged into bench/results.json as `workspace`.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORLD_END, WORLD_START } from '../src/sandbox/worldSpan.js';
import { createServer } from '../src/server/createServer.js';
import { hashPassword, randomToken, tokenDigest } from '../src/workspace/secrets.js';
import { Workspace } from '../src/workspace/Workspace.js';
import { startSandboxProcess } from './startSandboxProcess.js';

const TARGETS = { rateLimited: 0, wallOverIdeal: 1.1, p95Ms: 100 };
const BOOKS = 4;
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
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-bench-workspace-'));
  const apiKey = `bench-workspace-key-${rate}`;
  const sandbox = await startSandboxProcess({ scale, rate, apiKey, spanFeeMarket: false });
  const workspace = new Workspace({ dataDir: dir, api: { apiKey, baseUrl: sandbox.url, rate } });
  await workspace.start({ scheduler: false });
  const app = await createServer(workspace);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const user = await workspace.data.addUser('bench', 'admin', await hashPassword('bench password'));
    const token = randomToken();
    await workspace.data.addToken(user.id, tokenDigest(token));
    const get = async (route: string): Promise<{ ms: number; body: string }> => {
      const started = performance.now();
      const response = await fetch(`${url}${route}`, { headers: { authorization: `Bearer ${token}` } });
      const body = await response.text();
      if (!response.ok) throw new Error(`GET ${route}: ${response.status}`);
      return { ms: performance.now() - started, body };
    };

    const { wallets, chainIds } = sandbox.world;
    const books = [];
    for (let index = 0; index < BOOKS; index += 1) {
      books.push(await workspace.addBook({ name: `Bench client ${index + 1}`, wallets: wallets.filter((_, at) => at % BOOKS === index).map((wallet) => ({ address: wallet.address, chains: wallet.chains })), chains: chainIds }));
    }
    const period = { from: day(WORLD_START), to: day(WORLD_END - 1) };
    const started = performance.now();
    const runs: number[] = [];
    for (const book of books) runs.push((await workspace.startRun(book.id, { kind: 'export', period, templates: ['ledger'] }))?.id ?? 0);
    const pageMs: number[] = [];
    const apiMs: number[] = [];
    let finished = false;
    const done = workspace.queue.idle().then(() => (finished = true));
    while (!finished) {
      for (const runId of runs) {
        apiMs.push((await get(`/api/runs/${runId}`)).ms);
        pageMs.push((await get(`/runs/${runId}`)).ms);
      }
      apiMs.push((await get('/api/books')).ms);
      pageMs.push((await get('/')).ms);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await done;
    const wallSeconds = (performance.now() - started) / 1000;
    const outcomes = await Promise.all(runs.map((runId) => workspace.data.getRun(runId)));
    const calls = outcomes.reduce((sum, run) => sum + Number(run?.summary?.apiCalls ?? 0), 0);
    const stats = await sandbox.stats();
    const figures = {
      measuredAt: new Date().toISOString(),
      rate,
      scale,
      books: BOOKS,
      statuses: outcomes.map((run) => run?.status),
      calls,
      sandboxRequests: stats.requests,
      rateLimited: stats.rateLimited,
      wallSeconds,
      idealSeconds: calls / rate,
      wallOverIdeal: wallSeconds / (calls / rate),
      pages: latency(pageMs),
      api: latency(apiMs),
      targets: TARGETS,
    };
    process.stdout.write(
      `workspace: ${BOOKS} books at once on one key at ${rate}/s: ${figures.statuses.join(', ')}; ${calls} calls, ${stats.rateLimited} rate-limit rejections;` +
        ` wall ${wallSeconds.toFixed(1)} s = ${figures.wallOverIdeal.toFixed(3)} × calls ÷ rate (target ≤ ${TARGETS.wallOverIdeal});` +
        ` p95 page ${figures.pages.p95Ms.toFixed(1)} ms, API ${figures.api.p95Ms.toFixed(1)} ms (target < ${TARGETS.p95Ms} ms; ${figures.pages.count + figures.api.count} requests)\n`,
    );
    const results = fs.existsSync(resultsPath) ? (JSON.parse(fs.readFileSync(resultsPath, 'utf8')) as Record<string, unknown>) : {};
    fs.writeFileSync(resultsPath, `${JSON.stringify({ ...results, workspace: figures }, null, 2)}\n`);
    process.stdout.write(`written: ${path.relative(process.cwd(), resultsPath)}\n`);
  } finally {
    await app.close();
    await workspace.close();
    await sandbox.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function latency(samples: readonly number[]): { count: number; p50Ms: number; p95Ms: number; maxMs: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (share: number): number => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
  return { count: sorted.length, p50Ms: at(0.5), p95Ms: at(0.95), maxMs: sorted.at(-1) ?? 0 };
}

/**
 * `npm run bench -- --entries [--sizes 10k,1m] [--backends sqlite,postgres]`: the first page of filtered views of a
 * book's transactions table, over HTTP from the workspace server, p95 per view and over all views (target: ≤ 100 ms
 * at 10k entries, ≤ 1 s at 1M, issue 28). The table is filled with a synthetic ledger of that size through the
 * table's own writer (`SqlBookEntries.replace`, the rows `refreshEntries` makes), so the figure is the query's, not
 * the sync's; the refresh's own rate is reported beside it. Merged into bench/results.json as `entries`.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from '../src/server/createServer.js';
import { ledgerCells } from '../src/workspace/entries/ledgerCells.js';
import { entryRows } from '../src/workspace/entries/refreshEntries.js';
import { openDistributedWorkspace } from '../src/workspace/openDistributedWorkspace.js';
import { hashPassword, randomToken, tokenDigest } from '../src/workspace/secrets.js';
import { Workspace } from '../src/workspace/Workspace.js';
import { adminQuery, benchPostgresServer } from './benchPostgres.js';
import { BENCH_CHAINS, syntheticBook } from './syntheticEntries.js';
import { latency } from './workspaceBench.js';

const SIZES: Record<string, { entries: number; targetMs: number }> = {
  '10k': { entries: 10_000, targetMs: 100 },
  '1m': { entries: 1_000_000, targetMs: 1000 },
};
const SAMPLES = 15;
const API = { apiKey: 'bench-entries-key', baseUrl: 'http://127.0.0.1:9', rate: 5 };
const resultsPath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results.json');

/** A workspace on one backend, and how to drop it afterwards (the books list bench opens its own alike). */
export async function openBackend(backend: string, dir: string): Promise<{ workspace: Workspace; drop: () => Promise<void> }> {
  if (backend === 'sqlite') return { workspace: new Workspace({ dataDir: dir, api: API }), drop: async () => undefined };
  const server = benchPostgresServer();
  const name = `ledgerscan_bench_entries_${process.pid}`;
  await adminQuery(server.url, `CREATE DATABASE ${name}`);
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  const workspace = await openDistributedWorkspace({ database: url.toString(), filesDir: dir, api: API });
  return {
    workspace,
    drop: async () => {
      await adminQuery(server.url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      server.stop();
    },
  };
}

async function benchOne(backend: string, size: string): Promise<Record<string, unknown>> {
  const { entries: count, targetMs } = SIZES[size] ?? { entries: 0, targetMs: 0 };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-bench-entries-'));
  const { workspace, drop } = await openBackend(backend, dir);
  const app = await createServer(workspace);
  try {
    const book = syntheticBook(count);
    const created = await workspace.addBook({
      name: `Bench ${size}`,
      wallets: book.wallets.map((address, index) => ({ address, label: `Wallet ${index + 1}` })),
      chains: [...BENCH_CHAINS],
    });
    const started = performance.now();
    await workspace.entries.replace(created.id, ledgerCells().columns, entryRows(book.entries()), new Date().toISOString());
    const refreshSeconds = (performance.now() - started) / 1000;
    // A few hundred reviews, as an accountant's week leaves them.
    const sample = await workspace.entries.page(created.id, {}, null, 1000);
    for (const [index, entry] of sample.entries.entries())
      if (index % 3 === 0)
        await workspace.entries.reviews.setReview(
          created.id,
          entry.entryId,
          index % 2 === 0 ? 'flagged' : 'reviewed',
          'bench',
          new Date().toISOString(),
        );
    const middle = await workspace.entries.page(created.id, { from: 1_640_995_200 }, null, 1);
    const hash = middle.entries[0]?.cells.tx_hash ?? '';

    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const user = await workspace.data.addUser('bench', 'admin', await hashPassword('bench password'));
    const token = randomToken();
    await workspace.data.addToken(user.id, tokenDigest(token));
    const wallet = book.wallets[3] ?? '';
    const views: Record<string, string> = {
      all: '',
      wallet: `wallet=${wallet}`,
      'wallet+category': `wallet=${wallet}&category=trade`,
      'chain+asset': `chain=10&asset=${book.tokens[5] ?? ''}`,
      quarter: 'from=2024-01-01&to=2024-03-31',
      'wallet+year+not spam': `wallet=${wallet}&from=2023-01-01&to=2023-12-31&spam=false`,
      spam: 'spam=true',
      flagged: 'review=flagged',
      hash: `q=${hash}`,
      text: 'q=exchange%2042',
    };
    const figures: Record<string, ReturnType<typeof latency> & { total: number }> = {};
    const all: number[] = [];
    for (const [name, query] of Object.entries(views)) {
      const samples: number[] = [];
      let total = 0;
      for (let round = 0; round <= SAMPLES; round += 1) {
        const begun = performance.now();
        const response = await fetch(`${url}/api/books/${created.id}/entries?${query}`, { headers: { authorization: `Bearer ${token}` } });
        const body = (await response.json()) as { total: number };
        if (!response.ok) throw new Error(`${name}: ${response.status} ${JSON.stringify(body)}`);
        total = body.total;
        // The first request warms the connection and the statement caches.
        if (round > 0) samples.push(performance.now() - begun);
      }
      all.push(...samples);
      figures[name] = { ...latency(samples), total };
    }
    const overall = latency(all);
    process.stdout.write(
      `entries ${size} on ${backend}: ${count} entries written in ${refreshSeconds.toFixed(1)} s (${Math.round(count / refreshSeconds)}/s); first page p95 over ${Object.keys(views).length} views ${overall.p95Ms.toFixed(1)} ms (target ≤ ${targetMs} ms)\n` +
        Object.entries(figures)
          .map(([name, view]) => `  ${name.padEnd(22)} p95 ${view.p95Ms.toFixed(1).padStart(8)} ms  (${view.total} entries)\n`)
          .join(''),
    );
    return {
      measuredAt: new Date().toISOString(),
      backend,
      size,
      entries: count,
      refreshSeconds,
      p95Ms: overall.p95Ms,
      targetMs,
      views: figures,
      cpus: os.cpus().length,
    };
  } finally {
    await app.close();
    await workspace.close();
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function entriesBench(argv: readonly string[]): Promise<void> {
  const list = (name: string, fallback: string): string[] => {
    const index = argv.indexOf(name);
    return (index < 0 ? fallback : (argv[index + 1] ?? '')).split(',').filter((item) => item !== '');
  };
  const sizes = list('--sizes', '10k');
  const backends = list('--backends', 'sqlite,postgres');
  for (const size of sizes)
    if (SIZES[size] === undefined) throw new Error(`--sizes: ${size} is not one of ${Object.keys(SIZES).join(', ')}`);
  for (const backend of backends)
    if (backend !== 'sqlite' && backend !== 'postgres') throw new Error(`--backends: ${backend} is not sqlite or postgres`);
  for (const size of sizes) {
    for (const backend of backends) {
      const figures = await benchOne(backend, size);
      const results = fs.existsSync(resultsPath) ? (JSON.parse(fs.readFileSync(resultsPath, 'utf8')) as Record<string, unknown>) : {};
      const kept = ((results.entries ?? []) as { backend: string; size: string }[]).filter(
        (entry) => entry.backend !== backend || entry.size !== size,
      );
      fs.writeFileSync(resultsPath, `${JSON.stringify({ ...results, entries: [...kept, figures] }, null, 2)}\n`);
    }
  }
  process.stdout.write(`written: ${path.relative(process.cwd(), resultsPath)}\n`);
}

/**
 * `npm run bench -- --books [--books-count 200] [--entries 2000] [--long-tail] [--runs 1] [--readers 4 --seconds 20]
 * [--cpu-profile FILE] [--backends sqlite,postgres]`: the books
 * list (the dashboard: each book's review and flags in its period) with many books, over HTTP from the workspace
 * server, page and API, p50/p95 and the process's CPU a request; and so the other routes the firm night's readers ask
 * (a run, API and page, and a book's page). Each book's table is a synthetic ledger written through the table's own writer, a few
 * hundred reviews set, and a queued export naming 2024 as its period, so the figures are counted over a period and
 * joined to reviews as in use. `--runs`: the book's runs, the queued export the newest, the others a history of
 * finished exports and reconciles naming 2024 and raising no alert (365: a year of nights; the list walks it for the
 * alert it never finds). `--long-tail`: a firm's sizes, most books `--entries` rows, one in eight 8 times that, one in
 * 33 40 times. `--readers`: then that many clients poll the front page and `GET /api/books` (a tenth of a second
 * apart, as firmNightBench's readers) for `--seconds`: p95/max under load and the process's CPU seconds per request
 * (server and clients: the figure to compare, A/B, not an absolute); `--cpu-profile`: a CPU profile of that window.
 * Merged into bench/results.json as `books`.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from '../src/server/createServer.js';
import type { Workspace } from '../src/workspace/Workspace.js';
import { ledgerCells } from '../src/workspace/entries/ledgerCells.js';
import { entryRows } from '../src/workspace/entries/refreshEntries.js';
import { hashPassword, randomToken, tokenDigest } from '../src/workspace/secrets.js';
import { openBackend } from './entriesBench.js';
import { BENCH_CHAINS, syntheticBook } from './syntheticEntries.js';
import { latency } from './workspaceBench.js';

const SAMPLES = 20;
const resultsPath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results.json');

/** A finished night's run: an export with its cost-basis issues and row counts, or a valued reconcile. */
async function addHistory(workspace: Workspace, bookId: number, night: number, now: string): Promise<number> {
  const kind = night % 2 === 0 ? 'export' : 'reconcile';
  const run = await workspace.data.addRun(
    bookId,
    { kind, period: { year: 2024 }, ...(kind === 'export' ? { templates: ['ledger'] } : {}) },
    'schedule',
    now,
  );
  const summary =
    kind === 'export'
      ? {
          apiCalls: 40,
          basisIssues: night % 3,
          'rows.ledger': 2000,
          'rows.koinly': 1990,
          'rows.cointracking': 1990,
          'rows.costbasis-issues': night % 3,
        }
      : { apiCalls: 12, assets: 9, differences: 0, holdingsValue: '12345.67', holdingsCurrency: 'EUR', holdingsUnvalued: 1 };
  await workspace.data.updateRun(run.id, { status: 'succeeded', startedAt: now, finishedAt: now, summary });
  return run.id;
}

/** A book's size: `entries`, or with `longTail` a firm's spread (most small, a few large). */
const sizeOf = (index: number, entries: number, longTail: boolean): number =>
  !longTail ? entries : index % 33 === 32 ? entries * 40 : index % 8 === 7 ? entries * 8 : entries;

/** What `fillBooks` made: the books' ids and their finished runs' (the queued export's when there are none), for the run and book routes. */
export interface FilledBooks {
  bookIds: number[];
  runIds: number[];
}

/**
 * `books` synthetic books in `workspace` (see the file's comment): each a ledger, `runs - 1` finished nights and a queued
 * export, a few dozen reviews.
 */
export async function fillBooks(
  workspace: Workspace,
  size: { books: number; entries: number; runs: number; longTail: boolean },
): Promise<FilledBooks> {
  const { books, entries, runs, longTail } = size;
  const now = new Date().toISOString();
  const bookIds: number[] = [];
  const runIds: number[] = [];
  for (let index = 0; index < books; index += 1) {
    const book = syntheticBook(sizeOf(index, entries, longTail), index + 1);
    const created = await workspace.addBook({
      name: `Client ${String(index + 1).padStart(3, '0')}`,
      wallets: book.wallets.map((address) => ({ address })),
      chains: [...BENCH_CHAINS],
    });
    bookIds.push(created.id);
    await workspace.entries.replace(created.id, ledgerCells().columns, entryRows(book.entries()), now);
    // One run a night before today's: the front page's night section reads only the last night's.
    for (let night = 0; night < runs - 1; night += 1)
      runIds.push(await addHistory(workspace, created.id, night, new Date(Date.parse(now) - (runs - night) * 86_400_000).toISOString()));
    const queued = await workspace.data.addRun(
      created.id,
      { kind: 'export', period: { year: 2024 }, templates: ['ledger'] },
      'manual',
      now,
    );
    if (runs === 1) runIds.push(queued.id);
    const sample = await workspace.entries.page(created.id, { from: 1_704_067_200 }, null, 60);
    for (const [at, entry] of sample.entries.entries())
      await workspace.entries.reviews.setReview(created.id, entry.entryId, at % 4 === 0 ? 'flagged' : 'reviewed', 'bench', now);
  }
  return { bookIds, runIds };
}

interface ReaderOptions {
  readers: number;
  seconds: number;
  cpuProfile: string | undefined;
}

/** `readers` clients polling the front page and the books API for `seconds`: latencies, and the process's CPU per request. */
export async function readUnderLoad(url: string, token: string, options: ReaderOptions): Promise<Record<string, unknown>> {
  const session = new Session();
  if (options.cpuProfile !== undefined) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  const until = performance.now() + options.seconds * 1000;
  const samples: Record<string, number[]> = { page: [], api: [] };
  const cpu = process.cpuUsage();
  const client = async (offset: number): Promise<void> => {
    await new Promise((resolve) => setTimeout(resolve, (offset * 100) / options.readers));
    for (let turn = offset; performance.now() < until; turn += 1) {
      for (const [name, route] of [
        ['api', '/api/books'],
        ['page', '/'],
      ] as const) {
        const begun = performance.now();
        const response = await fetch(`${url}${route}`, { headers: { authorization: `Bearer ${token}` } });
        await response.text();
        if (!response.ok) throw new Error(`${route}: ${response.status}`);
        samples[name]!.push(performance.now() - begun);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  await Promise.all(Array.from({ length: options.readers }, (_, index) => client(index)));
  const used = process.cpuUsage(cpu);
  if (options.cpuProfile !== undefined) {
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync(options.cpuProfile, JSON.stringify(profile));
    session.disconnect();
  }
  const requests = samples.page!.length + samples.api!.length;
  return {
    readers: options.readers,
    seconds: options.seconds,
    page: latency(samples.page!),
    api: latency(samples.api!),
    cpuSecondsPerRequest: (used.user + used.system) / 1e6 / requests,
  };
}

/** A route's sequential figures: latency, and the process's CPU (server and client) a request. */
export type RouteFigures = ReturnType<typeof latency> & { cpuMs: number };

/**
 * Each reader route `SAMPLES` times in turn (after one warming request), one request at a time: the books list and front
 * page, and as the firm night's readers ask them, a run (API and page) and a book's page, each a different one a request.
 */
export async function timeRoutes(url: string, token: string, filled: FilledBooks): Promise<Record<string, RouteFigures>> {
  const pick = (ids: readonly number[], round: number): number => ids[(round * 7919) % ids.length]!;
  const routes: Record<string, (round: number) => string> = {
    page: () => '/',
    api: () => '/api/books',
    'api sorted by name': () => '/api/books?sort=name',
    'run api': (round) => `/api/runs/${pick(filled.runIds, round)}`,
    'run page': (round) => `/runs/${pick(filled.runIds, round)}`,
    'book page': (round) => `/books/${pick(filled.bookIds, round)}`,
  };
  const figures: Record<string, RouteFigures> = {};
  for (const [name, route] of Object.entries(routes)) {
    const samples: number[] = [];
    let cpu = process.cpuUsage();
    for (let round = 0; round <= SAMPLES; round += 1) {
      // The first request warms the connection and the statement caches.
      if (round === 1) cpu = process.cpuUsage();
      const begun = performance.now();
      const response = await fetch(`${url}${route(round)}`, { headers: { authorization: `Bearer ${token}` } });
      await response.text();
      if (!response.ok) throw new Error(`${route(round)}: ${response.status}`);
      if (round > 0) samples.push(performance.now() - begun);
    }
    const used = process.cpuUsage(cpu);
    figures[name] = { ...latency(samples), cpuMs: (used.user + used.system) / 1e3 / SAMPLES };
  }
  return figures;
}

async function benchOne(
  backend: string,
  books: number,
  entries: number,
  runs: number,
  longTail: boolean,
  load: ReaderOptions,
): Promise<Record<string, unknown>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-bench-books-'));
  const { workspace, drop } = await openBackend(backend, dir);
  const app = await createServer(workspace);
  try {
    const started = performance.now();
    const { bookIds, runIds } = await fillBooks(workspace, { books, entries, runs, longTail });
    const fillSeconds = (performance.now() - started) / 1000;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const user = await workspace.data.addUser('bench', 'admin', await hashPassword('bench password'));
    const token = randomToken();
    await workspace.data.addToken(user.id, tokenDigest(token));
    const figures = await timeRoutes(url, token, { bookIds, runIds });
    const underLoad = load.readers > 0 ? await readUnderLoad(url, token, load) : undefined;
    const listed = await workspace.bookList({ archived: false, sort: 'review', offset: 0, limit: books });
    const counted = listed.books.reduce(
      (sum, one) => sum + one.figures.review.unreviewed + one.figures.review.reviewed + one.figures.review.flagged,
      0,
    );
    process.stdout.write(
      `books list on ${backend}: ${books} books × ${entries} entries × ${runs} runs (filled in ${fillSeconds.toFixed(0)} s), ${counted} entries counted in their periods\n` +
        Object.entries(figures)
          .map(
            ([name, one]) =>
              `  ${name.padEnd(20)} p50 ${one.p50Ms.toFixed(1).padStart(8)} ms  p95 ${one.p95Ms.toFixed(1).padStart(8)} ms  CPU ${one.cpuMs.toFixed(1).padStart(6)} ms a request\n`,
          )
          .join('') +
        (underLoad === undefined
          ? ''
          : `  ${String(underLoad.readers)} readers ${String(underLoad.seconds)} s: ${JSON.stringify(underLoad.page)} page, ${JSON.stringify(underLoad.api)} api, ${(underLoad.cpuSecondsPerRequest as number).toFixed(4)} CPU s a request\n`),
    );
    return {
      measuredAt: new Date().toISOString(),
      backend,
      books,
      entries,
      ...(longTail ? { longTail } : {}),
      runs,
      counted,
      routes: figures,
      ...(underLoad === undefined ? {} : { underLoad }),
      cpus: os.cpus().length,
    };
  } finally {
    await app.close();
    await workspace.close();
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function booksBench(argv: readonly string[]): Promise<void> {
  const option = (name: string, fallback: string): string => {
    const index = argv.indexOf(name);
    return index < 0 ? fallback : (argv[index + 1] ?? '');
  };
  const [books, entries, runs] = [
    Number(option('--books-count', '200')),
    Number(option('--entries', '2000')),
    Number(option('--runs', '1')),
  ];
  if (!Number.isSafeInteger(books) || books < 1) throw new Error('--books-count: a number of books, e.g. 200');
  if (!Number.isSafeInteger(entries) || entries < 1) throw new Error('--entries: a number of entries per book, e.g. 2000');
  if (!Number.isSafeInteger(runs) || runs < 1) throw new Error('--runs: a number of runs per book, e.g. 365');
  const longTail = argv.includes('--long-tail');
  const load = {
    readers: Number(option('--readers', '0')),
    seconds: Number(option('--seconds', '20')),
    cpuProfile: argv.includes('--cpu-profile') ? option('--cpu-profile', '') : undefined,
  };
  if (!Number.isSafeInteger(load.readers) || load.readers < 0) throw new Error('--readers: a number of polling clients, e.g. 4');
  if (!(load.seconds > 0)) throw new Error('--seconds: how long the readers poll, e.g. 20');
  const backends = option('--backends', 'sqlite,postgres').split(',');
  for (const backend of backends) {
    if (backend !== 'sqlite' && backend !== 'postgres') throw new Error(`--backends: ${backend} is not sqlite or postgres`);
    const figures = await benchOne(backend, books, entries, runs, longTail, {
      ...load,
      cpuProfile: load.cpuProfile === undefined ? undefined : `${load.cpuProfile}.${backend}.cpuprofile`,
    });
    const results = fs.existsSync(resultsPath) ? (JSON.parse(fs.readFileSync(resultsPath, 'utf8')) as Record<string, unknown>) : {};
    const kept = ((results.books ?? []) as { backend: string; books: number; entries: number; runs?: number; longTail?: boolean }[]).filter(
      (one) =>
        one.backend !== backend ||
        one.books !== books ||
        one.entries !== entries ||
        (one.runs ?? 1) !== runs ||
        (one.longTail ?? false) !== longTail,
    );
    fs.writeFileSync(resultsPath, `${JSON.stringify({ ...results, books: [...kept, figures] }, null, 2)}\n`);
  }
  process.stdout.write(`written: ${path.relative(process.cwd(), resultsPath)}\n`);
}

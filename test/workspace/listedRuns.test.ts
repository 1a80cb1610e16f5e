import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { runFigures } from '../../src/server/bookDashboard.js';
import { lastReconcile } from '../../src/server/runReports.js';
import { bookJson } from '../../src/server/runJson.js';
import type { RunRequest } from '../../src/runs/RunRequest.js';
import { RUN_KIND_NAMES } from '../../src/runs/runKinds.js';
import { bookPeriod } from '../../src/workspace/bookPeriod.js';
import { openPostgresWorkspaceData, openSqliteWorkspaceData } from '../../src/workspace/openWorkspaceData.js';
import type { Book, Run, WorkspaceData } from '../../src/workspace/WorkspaceData.js';
import { createDatabase, describeWithPostgres, dropDatabase } from '../support/postgres.js';
import { tempDir } from '../support/workspaceHarness.js';

const T = (minute: number): string => new Date(Date.UTC(2026, 2, 1, 0, minute)).toISOString();
/** Every kind, so a kind whose results carry a reconcile report or cost-basis issues is one the view must name. */
const KINDS = RUN_KIND_NAMES;
const STATUSES = ['succeeded', 'differences', 'failed', 'stopped', 'running', 'queued'] as const;

/** What the books list reads of a book's runs: its JSON (last run, reconcile, alert), the kept figures and the period. */
const row = (book: Book, runs: readonly Run[]): unknown => ({
  json: bookJson(book, runs),
  figures: runFigures(runs),
  period: bookPeriod(runs),
});

/** A book's keys of the books list as its whole history gives them (what `book_list_keys` keeps for it). */
const keyOf = (runs: readonly Run[]): unknown => {
  const figures = runFigures(runs);
  return {
    lastRunAt: runs[0]?.createdAt,
    reconcile: lastReconcile(runs)?.status,
    holdings: figures.holdings === undefined ? undefined : Number(figures.holdings.value),
    basisIssues: figures.basisIssues?.count,
    period: bookPeriod(runs),
  };
};

/** Each book's keys as the database keeps them (`bookListKeys`), by id. */
async function keptKeys(data: WorkspaceData, archived = false): Promise<Map<number, unknown>> {
  const keys = await data.bookListKeys({ archived });
  return new Map(
    keys.map(({ id, lastRunAt, reconcile, holdings, basisIssues, period }) => [
      id,
      { lastRunAt, reconcile, holdings, basisIssues, period },
    ]),
  );
}

/** Run number `n` of a long, mixed history: every kind and status, some alerting, some naming a period, some failing. */
async function addRun(data: WorkspaceData, bookId: number, n: number): Promise<void> {
  const kind = KINDS[n % KINDS.length] ?? 'sync';
  // Every kind with every status within 42 runs.
  const status = STATUSES[Math.floor(n / KINDS.length) % STATUSES.length] ?? 'failed';
  const period = n % 4 === 0 ? { year: 2020 + (n % 6) } : n % 4 === 1 ? { from: `2026-0${1 + (n % 9)}-01`, to: '2026-12-31' } : undefined;
  const request = { kind, ...(period === undefined ? {} : { period }), ...(kind === 'diff' ? { label: 'FY' } : {}) } as RunRequest;
  const run = await data.addRun(bookId, request, 'schedule', T(n));
  if (status === 'queued') return;
  const outcome = status === 'succeeded' || status === 'differences';
  const alert = n % 11 === 9 ? { alert: 'differences', alertAt: T(n), alertDelivered: 'email' } : {};
  const summary =
    kind === 'export' && outcome
      ? { apiCalls: n, ...(n % 4 === 0 ? {} : { basisIssues: n % 5 }), ...alert }
      : kind === 'reconcile' && outcome
        ? {
            apiCalls: n,
            assets: 2,
            differences: n % 2,
            ...(n % 4 === 1 ? {} : { holdingsValue: `${n}.5`, holdingsCurrency: 'EUR', holdingsUnvalued: 0 }),
            ...alert,
          }
        : status === 'failed' && n % 3 === 0
          ? { alert: 'run-failed', alertAt: T(n) }
          : null;
  await data.updateRun(run.id, {
    status,
    startedAt: T(n),
    ...(status === 'running' ? {} : { finishedAt: T(n + 1) }),
    ...(outcome || summary !== null ? { summary } : {}),
  });
}

function suite(open: () => Promise<{ data: WorkspaceData; close: () => Promise<void> }>): void {
  it('reads at most five runs a book and finds in them what the whole history gives, at every point of a long one', async () => {
    const { data, close } = await open();
    try {
      const books = [
        await data.addBook({ name: 'Long history', wallets: [], chains: [1] }, T(0)),
        await data.addBook({ name: 'Other', wallets: [], chains: [1] }, T(0)),
        await data.addBook({ name: 'Never run', wallets: [], chains: [1] }, T(0)),
      ];
      const [long, other] = books as [Book, Book, Book];
      const seen: unknown[] = [];
      for (let n = 1; n <= 90; n += 1) {
        await addRun(data, n % 5 === 0 ? other.id : long.id, n);
        if (n % 6 !== 0 && n > 12) continue;
        const ids = books.map((book) => book.id);
        const [listed, whole, kept] = [await data.listedRunsOfBooks(ids), await data.runsOfBooks(ids), await keptKeys(data)];
        for (const book of books) {
          // Kept by the triggers on `runs` as each run was added and its status, summary and end written.
          expect(kept.get(book.id)).toEqual(keyOf(whole.get(book.id) ?? []));
          expect(listed.get(book.id)?.length).toBeLessThanOrEqual(5);
          expect(row(book, listed.get(book.id) ?? [])).toEqual(row(book, whole.get(book.id) ?? []));
          seen.push(row(book, whole.get(book.id) ?? []));
        }
      }
      // The history is as mixed as meant: alerts, reconciles, kept figures and periods were found, not only the newest run.
      for (const found of [
        { json: expect.objectContaining({ lastAlert: expect.objectContaining({ kind: 'differences' }) }) },
        { json: expect.objectContaining({ lastReconcile: expect.objectContaining({ status: 'differences' }) }) },
        { figures: expect.objectContaining({ holdings: expect.objectContaining({ currency: 'EUR' }) }) },
        { figures: expect.objectContaining({ basisIssues: expect.objectContaining({ count: 2 }) }) },
        { period: { from: '2026-01-01', to: '2026-12-31' } },
        { period: { from: '2024-01-01', to: '2024-12-31' } },
      ])
        expect(seen).toContainEqual(expect.objectContaining(found));
      expect((await data.runsOfBook(long.id)).length).toBe(72);
      // A book removed with its runs (their deletion fires the triggers) leaves no keys behind; the others' stand.
      await data.removeBook(other.id);
      const kept = await keptKeys(data);
      expect([...kept.keys()].sort()).toEqual([long.id, books[2]?.id].sort());
      expect(kept.get(long.id)).toEqual(keyOf(await data.runsOfBook(long.id)));
      // Archived, a book keeps its keys: the archived list gives them as the list in use did.
      await data.setBookArchived(long.id, T(100));
      expect([...(await keptKeys(data)).keys()]).toEqual([books[2]?.id]);
      expect(await keptKeys(data, true)).toEqual(new Map([[long.id, kept.get(long.id)]]));
      expect(await data.listedRunsOfBooks([])).toEqual(new Map());
    } finally {
      await close();
    }
  });
}

describe('the books list runs on SQLite', () => {
  suite(() => {
    const data = openSqliteWorkspaceData(path.join(tempDir('listed-runs'), 'workspace.db'));
    return Promise.resolve({ data, close: () => data.close() });
  });
});

describeWithPostgres('the books list runs on PostgreSQL', (server) => {
  const databases: string[] = [];
  afterAll(async () => {
    for (const database of databases) await dropDatabase(database);
  });
  suite(async () => {
    const database = await createDatabase(server);
    databases.push(database);
    const { data } = await openPostgresWorkspaceData(database);
    return { data, close: () => data.close() };
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Workspace } from '../../src/workspace/Workspace.js';
import { jobForRun } from '../../src/workspace/jobForRun.js';
import { apiCall } from '../support/apiCall.js';
import { e2eWorld } from '../support/e2eWorld.js';
import type { Served } from '../support/serverHarness.js';
import { addUser, serve } from '../support/serverHarness.js';
import { tempDir, worldBook } from '../support/workspaceHarness.js';
import { describeBothWays, type SuiteWorkspace } from '../support/workspaceBothWays.js';

const world = e2eWorld();

const accounts = { gains: 'Realized gain on crypto', 'quickbooks-journal.fees': 'Bank fees' };
const EXPORT_SCHEDULE = { kind: 'export', cron: '0 3 * * *', zone: 'UTC' };

/**
 * A book's settings for the journals with lots, on one backend: `accounts` kept and checked as the job file's, and a
 * template that needs cost basis refused when a run, a schedule or the book is saved without it, not when it runs.
 */
function journalSettingsSuite(open: () => Promise<SuiteWorkspace>): void {
  let workspace: Workspace;
  let close: () => Promise<void>;
  let server: Served;
  let token: string;
  let bookId: number;

  const call = (method: string, route: string, body?: unknown) => apiCall(server.url, method, route, { token }, body);
  const expectRefusal = (answer: { status: number; json<T>(): T }, field: string, words: RegExp): void => {
    expect(answer.status).toBe(400);
    const { error, field: named } = answer.json<{ error: string; field: string }>();
    expect({ field: named, oneLine: !error.includes('\n') }).toEqual({ field, oneLine: true });
    expect(error).toMatch(words);
  };

  beforeAll(async () => {
    ({ workspace, close } = await open());
    server = await serve(workspace);
    token = await addUser(workspace, 'keeper', 'admin', 'keeper password 1');
    bookId = (await workspace.addBook(worldBook(world))).id;
  });

  afterAll(async () => {
    await server.close();
    await close();
  });

  it("keeps the book's accounts, refuses a key naming no role with the closest one, and gives them to its runs' jobs", async () => {
    const typo = await call('PATCH', `/api/books/${bookId}`, { accounts: { gain: 'Realized gain on crypto' } });
    expectRefusal(typo, 'accounts', /^book has 1 problem: accounts key "gain" is unknown \(did you mean "gains"\?\)$/);
    const saved = await call('PATCH', `/api/books/${bookId}`, { accounts });
    expect(saved.status).toBe(200);
    expect((await call('GET', `/api/books/${bookId}`)).json<{ accounts: unknown }>().accounts).toEqual(accounts);
    const book = await workspace.data.getBook(bookId);
    const dir = tempDir('book-accounts');
    try {
      const job = jobForRun({
        book: book?.data as NonNullable<typeof book>['data'],
        rules: [],
        request: { kind: 'export', period: { year: 2025 }, templates: ['quickbooks-journal'] },
        api: workspace.api,
        state: path.join(dir, 'state.db'),
        out: path.join(dir, 'out'),
        jobFile: path.join(dir, 'job.json'),
        now: new Date('2026-03-01T00:00:00Z'),
        write: false,
        filedDir: path.join(dir, 'filed'),
      });
      expect(job.accounts).toEqual(accounts);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect((await call('PATCH', `/api/books/${bookId}`, { accounts: null })).json<{ accounts?: unknown }>().accounts).toBeUndefined();
  });

  it('refuses a journal of lots or a form without cost basis when the run or the schedule is saved, naming costBasis', async () => {
    const run = await call('POST', `/api/books/${bookId}/runs`, {
      kind: 'export',
      period: { year: 2025 },
      templates: ['ledger', 'quickbooks-journal'],
    });
    expectRefusal(run, 'costBasis', /^costBasis: quickbooks-journal needs cost basis, which the book has off .*take it out of the run\)$/);
    const schedule = await call('PUT', `/api/books/${bookId}/schedules`, [{ ...EXPORT_SCHEDULE, templates: ['xero-journal', 'form8949'] }]);
    expectRefusal(schedule, 'costBasis', /^costBasis: xero-journal, form8949 need cost basis, .*take them out of the export schedule\)$/);
    expect((await workspace.data.runsOfBook(bookId)).length).toBe(0);
  });

  it('refuses turning cost basis off while a schedule writes a journal of lots, and keeps the book as it was', async () => {
    expect((await call('PATCH', `/api/books/${bookId}`, { costBasis: { method: 'fifo' } })).status).toBe(200);
    const saved = await call('PUT', `/api/books/${bookId}/schedules`, [{ ...EXPORT_SCHEDULE, templates: ['ledger', 'xero-journal'] }]);
    expect(saved.status).toBe(200);
    expectRefusal(await call('PATCH', `/api/books/${bookId}`, { costBasis: null }), 'costBasis', /take it out of the export schedule\)$/);
    expect((await workspace.data.getBook(bookId))?.data.costBasis).toEqual({ method: 'fifo' });
  });

  it('refuses a book change a scheduled form cannot take (its profile), naming the schedule, and keeps the book as it was', async () => {
    expect((await call('PATCH', `/api/books/${bookId}`, { costBasis: { method: 'fifo' } })).status).toBe(200);
    expect((await call('PUT', `/api/books/${bookId}/schedules`, [{ ...EXPORT_SCHEDULE, templates: ['form8949'] }])).status).toBe(200);
    const refused = await call('PATCH', `/api/books/${bookId}`, { costBasis: { method: 'fifo', profile: 'uk' } });
    expectRefusal(
      refused,
      'schedules.templates',
      /^template form8949 needs the generic or us profile \(the job's is uk\): change the book's costBasis or valuation, or take it out of the export schedule$/,
    );
    expect((await workspace.data.getBook(bookId))?.data.costBasis).toEqual({ method: 'fifo' });
    // A run is refused the same form up front, not after its sync.
    expect((await call('PATCH', `/api/books/${bookId}`, { costBasis: { method: 'fifo' } })).status).toBe(200);
    expect((await call('PUT', `/api/books/${bookId}/schedules`, [])).status).toBe(200);
    expect((await call('PATCH', `/api/books/${bookId}`, { costBasis: { method: 'fifo', profile: 'uk' } })).status).toBe(200);
    const run = await call('POST', `/api/books/${bookId}/runs`, { kind: 'export', period: { year: 2025 }, templates: ['form8949'] });
    expectRefusal(run, 'templates', /^template form8949 needs the generic or us profile \(the job's is uk\): .*take it out of the run$/);
  });
}

describeBothWays("a book's settings for the journals with lots", world, journalSettingsSuite);

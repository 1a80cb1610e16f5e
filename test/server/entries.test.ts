import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { Decimal } from '../../src/ledger/money.js';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { neutraliseCell } from '../../src/templates/neutraliseCell.js';
import type { Workspace } from '../../src/workspace/Workspace.js';
import { e2eWorld } from '../support/e2eWorld.js';
import type { LedgerRow } from '../support/exportLedger.js';
import type { Served } from '../support/serverHarness.js';
import { addUser, serve } from '../support/serverHarness.js';
import { labelledWorldBook } from '../support/workspaceHarness.js';
import { describeBothWays, type SuiteWorkspace } from '../support/workspaceBothWays.js';

type Entry = Record<string, string> & { review: string; notes: { author: string; at: string; text: string }[] };
interface Page {
  entries: Entry[];
  next: string | null;
  total: number;
}

const world = e2eWorld();

/** The tests of the table on one backend: `open` gives a workspace and how a run of it is carried out. */
function entriesSuite(open: () => Promise<SuiteWorkspace>): void {
  let workspace: Workspace;
  let close: () => Promise<void>;
  let server: Served;
  let admin: string;
  let viewer: string;
  let bookId: number;
  let ledger: LedgerRow[];
  let execute: (runId: number) => Promise<void>;

  const call = async (token: string, method: string, route: string, body?: unknown): Promise<{ status: number; text: string }> => {
    const response = await fetch(`${server.url}${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, text: await response.text() };
  };
  const get = async <T>(route: string): Promise<T> => {
    const answer = await call(viewer, 'GET', route);
    expect(answer.status).toBe(200);
    return JSON.parse(answer.text) as T;
  };
  /** Every page of a filtered view, following `next`. */
  const allPages = async (query: string, limit: number): Promise<{ entries: Entry[]; totals: number[] }> => {
    const entries: Entry[] = [];
    const totals: number[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await get<Page>(
        `/api/books/${bookId}/entries?${query}&limit=${limit}${cursor === null ? '' : `&cursor=${cursor}`}`,
      );
      entries.push(...page.entries);
      totals.push(page.total);
      cursor = page.next;
    } while (cursor !== null);
    return { entries, totals };
  };

  beforeAll(async () => {
    ({ workspace, execute, close } = await open());
    server = await serve(workspace);
    admin = await addUser(workspace, 'keeper', 'admin', 'keeper password 1');
    viewer = await addUser(workspace, 'reader', 'viewer', 'reader password 1');
    bookId = (await workspace.addBook(labelledWorldBook(world))).id;
    const run = await workspace.startRun(bookId, { kind: 'export', period: { year: 2025 }, templates: ['ledger'] });
    if (run === undefined) throw new Error('no run');
    await execute(run.id);
    expect((await workspace.data.getRun(run.id))?.status).toBe('succeeded');
    ledger = parse(fs.readFileSync(path.join(workspace.stores.outDir(run.id), 'ledger.csv'), 'utf8'), { columns: true }) as LedgerRow[];
    expect(ledger.length).toBeGreaterThan(100);
  }, 120_000);

  afterAll(async () => {
    await server.close();
    await close();
  });

  it('pages cover every entry of the period exactly once, in ledger order, with the cells of ledger.csv, values and price sources included', async () => {
    const { entries, totals } = await allPages('from=2025-01-01&to=2025-12-31', 37);
    expect(new Set(totals)).toEqual(new Set([ledger.length]));
    expect(entries.map((entry) => entry.entry_id)).toEqual(ledger.map((row) => row.entry_id));
    // Every ledger.csv column, cell for cell: the table's values come from the price cache the run filled.
    const columns = Object.keys(ledger[0] as LedgerRow);
    expect(columns).toEqual(expect.arrayContaining(['price', 'price_currency', 'price_time', 'price_source', 'value', 'value_state']));
    expect(entries.map((entry) => Object.fromEntries(columns.map((column) => [column, neutraliseCell(entry[column] ?? '')])))).toEqual(
      ledger,
    );
    const valued = ledger.filter((row) => (row as unknown as Record<string, string>).value !== '');
    expect(valued.length).toBeGreaterThan(ledger.length / 2);
  });

  it("the view's value totals equal ledger.csv's values summed over the same filter, in the book's one currency", async () => {
    const wallet = (ledger[0] as LedgerRow).wallet;
    const rows = ledger.filter((row) => row.wallet === wallet) as unknown as Record<string, string>[];
    const sum = (direction: string): string =>
      rows
        .filter((row) => row.direction === direction && row.value !== '')
        .reduce((total, row) => total.plus(row.value as string), new Decimal(0))
        .toFixed(2);
    const answer = await get<{ value: Record<string, string | number> | null }>(
      `/api/books/${bookId}/entries/totals?wallet=${wallet}&from=2025-01-01&to=2025-12-31`,
    );
    expect(answer.value).toEqual({
      currency: 'USD',
      in: sum('in'),
      out: sum('out'),
      valued: rows.filter((row) => row.value !== '').length,
      unvalued: rows.filter((row) => row.value === '').length,
      // The unvalued named by why, as the run names them.
      withoutPrice: rows.filter((row) => row.value === '' && row.spam === '' && row.decimals !== '').length,
      unknownDecimals: rows.filter((row) => row.value === '' && row.spam === '' && row.decimals === '').length,
      spam: rows.filter((row) => row.value === '' && row.spam !== '').length,
    });
  });

  it('a filtered view pages every matching entry once, and its totals equal ledger.csv summed over the same filter', async () => {
    const wallet = (ledger[0] as LedgerRow).wallet;
    const expected = ledger.filter((row) => row.wallet === wallet && row.spam === '');
    const { entries, totals } = await allPages(`wallet=${wallet}&spam=false&from=2025-01-01&to=2025-12-31`, 25);
    expect(entries.map((entry) => entry.entry_id)).toEqual(expected.map((row) => row.entry_id));
    expect(new Set(totals)).toEqual(new Set([expected.length]));
    const sums = new Map<string, { in: Decimal; out: Decimal }>();
    for (const row of expected) {
      const key = `${row.chain_id}|${row.asset_contract}|${row.asset}`;
      const sum = sums.get(key) ?? { in: new Decimal(0), out: new Decimal(0) };
      sums.set(key, { ...sum, [row.direction]: sum[row.direction as 'in' | 'out'].plus(row.amount) });
    }
    const answer = await get<{
      total: number;
      assets: { chainId: number; asset: string; assetContract: string; in: string; out: string }[];
    }>(`/api/books/${bookId}/entries/totals?wallet=${wallet}&spam=false&from=2025-01-01&to=2025-12-31`);
    expect(answer.total).toBe(expected.length);
    const got = new Map(
      answer.assets.map((asset) => [
        `${asset.chainId}|${asset.assetContract}|${asset.asset}`,
        { in: new Decimal(asset.in), out: new Decimal(asset.out) },
      ]),
    );
    expect([...got.keys()].sort()).toEqual([...sums.keys()].sort());
    for (const [key, sum] of sums) {
      expect(got.get(key)?.in.equals(sum.in)).toBe(true);
      expect(got.get(key)?.out.equals(sum.out)).toBe(true);
    }
  });

  it('a whole hash finds its transaction; text finds labels; a bad filter is refused naming its field', async () => {
    const row = ledger.find((one) => one.category === 'trade') ?? (ledger[0] as LedgerRow);
    const found = await get<Page>(`/api/books/${bookId}/entries?q=${row.tx_hash.toUpperCase()}`);
    expect(found.entries.map((entry) => entry.entry_id)).toEqual(
      ledger.filter((one) => one.tx_hash === row.tx_hash).map((one) => one.entry_id),
    );
    const labelled = await get<Page>(`/api/books/${bookId}/entries?q=wallet%202&limit=1000`);
    expect(labelled.total).toBe(ledger.filter((one) => one.wallet_label === 'Wallet 2' || one.counterparty_label === 'Wallet 2').length);
    const refused = await call(viewer, 'GET', `/api/books/${bookId}/entries?chain=nochain`);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text)).toMatchObject({ field: 'chain' });
    expect((await call(viewer, 'GET', `/api/books/${bookId}/entries?from=2025-02-30`)).status).toBe(400);
    // A symbol in any case is the ledger's, on either database (its spellings read from the asset index).
    const symbol = ledger.find((one) => /[A-Z]/.test(one.asset) && one.asset_contract !== '')?.asset ?? '';
    const bySymbol = ledger.filter((one) => one.asset === symbol).length;
    expect(bySymbol).toBeGreaterThan(0);
    expect((await get<Page>(`/api/books/${bookId}/entries?asset=${symbol.toLowerCase()}`)).total).toBe(bySymbol);
  });

  it('notes and review status: admins only (a viewer gets 403), kept over a refresh, filterable, counted on the books list', async () => {
    const [first, second] = ledger as [LedgerRow, LedgerRow];
    expect((await call(viewer, 'POST', `/api/books/${bookId}/entries/${first.entry_id}/notes`, { text: 'checked' })).status).toBe(403);
    expect((await call(viewer, 'PUT', `/api/books/${bookId}/entries/${first.entry_id}/review`, { status: 'reviewed' })).status).toBe(403);
    expect((await call(admin, 'PUT', `/api/books/${bookId}/entries/x0000000000000000/review`, { status: 'reviewed' })).status).toBe(404);
    const note = await call(admin, 'POST', `/api/books/${bookId}/entries/${first.entry_id}/notes`, { text: 'invoice 17 matches' });
    expect(note.status).toBe(201);
    expect(JSON.parse(note.text)).toMatchObject({ author: 'keeper', text: 'invoice 17 matches' });
    expect((await call(admin, 'PUT', `/api/books/${bookId}/entries/${first.entry_id}/review`, { status: 'reviewed' })).status).toBe(200);
    expect((await call(admin, 'PUT', `/api/books/${bookId}/entries/${second.entry_id}/review`, { status: 'flagged' })).status).toBe(200);
    expect((await call(admin, 'POST', `/api/books/${bookId}/entries/refresh`)).status).toBe(200);

    const flagged = await get<Page>(`/api/books/${bookId}/entries?review=flagged`);
    expect(flagged.entries.map((entry) => entry.entry_id)).toEqual([second.entry_id]);
    expect(flagged.entries[0]).toMatchObject({ review: 'flagged', reviewed_by: 'keeper' });
    const reviewed = await get<Page>(`/api/books/${bookId}/entries?review=reviewed`);
    expect(reviewed.entries[0]).toMatchObject({ entry_id: first.entry_id, notes: [{ author: 'keeper', text: 'invoice 17 matches' }] });
    const all = (await get<Page>(`/api/books/${bookId}/entries`)).total;
    expect((await get<Page>(`/api/books/${bookId}/entries?review=unreviewed`)).total).toBe(all - 2);
    // The list counts every book in one query: a book without a table yet counts nothing.
    const bare = await workspace.addBook({ name: 'Not exported yet', wallets: [{ address: `0x${'ab'.repeat(20)}` }], chains: [1] });
    const books = await get<{ id: number; review: unknown }[]>('/api/books');
    // The list counts what is left in the book's period (its export's year), spam aside.
    const left = (await get<Page>(`/api/books/${bookId}/entries?from=2025-01-01&to=2025-12-31&spam=false&review=unreviewed`)).total;
    expect(left).toBeLessThan(all - 2);
    expect(books.find((book) => book.id === bookId)?.review).toEqual({ unreviewed: left, reviewed: 1, flagged: 1 });
    expect(books.find((book) => book.id === bare.id)?.review).toEqual({ unreviewed: 0, reviewed: 0, flagged: 0 });
    await workspace.removeBook(bare.id);
    // Each change is in the audit log with its author, a review with its status before and after.
    const audited = await workspace.data.audit.newest({ book: bookId }, { limit: 10 });
    expect(
      audited
        .filter((entry) => entry.action === 'note.added' || entry.action === 'review.changed')
        .map((entry) => [entry.action, entry.user, entry.target]),
    ).toEqual([
      ['review.changed', 'keeper', `entry ${second.entry_id}`],
      ['review.changed', 'keeper', `entry ${first.entry_id}`],
      ['note.added', 'keeper', `entry ${first.entry_id}`],
    ]);
    expect(audited.find((entry) => entry.action === 'review.changed')).toMatchObject({
      before: { status: 'unreviewed' },
      after: { status: 'flagged' },
    });
  });

  it("an export files the reviews and notes just set: review.csv's rows, read from this database", async () => {
    const [first, second] = ledger as [LedgerRow, LedgerRow];
    const run = await workspace.startRun(bookId, { kind: 'export', period: { year: 2025 }, templates: ['ledger'] });
    if (run === undefined) throw new Error('no run');
    await execute(run.id);
    const review = parse(fs.readFileSync(path.join(workspace.stores.outDir(run.id), 'review.csv'), 'utf8'), { columns: true }) as Record<
      string,
      string
    >[];
    expect(review.map(({ entry_id, status, reviewer, notes }) => [entry_id, status, reviewer, notes])).toEqual(
      expect.arrayContaining([
        [first.entry_id, 'reviewed', 'keeper', 'keeper: invoice 17 matches'],
        [second.entry_id, 'flagged', 'keeper', ''],
      ]),
    );
    expect(review).toHaveLength(2);
  });

  it('a refresh values from the price cache alone: rows whose price no run fetched say "not fetched", never a value', async () => {
    // The run priced in USD; EUR needs ECB rates no run has fetched yet, so the table may not value a row.
    await workspace.updateBook(bookId, { valuation: { currency: 'EUR' } });
    try {
      const refreshed = await call(admin, 'POST', `/api/books/${bookId}/entries/refresh`);
      expect(refreshed.status).toBe(200);
      const { entries } = await allPages('from=2025-01-01&to=2025-12-31', 1000);
      expect(entries.filter((entry) => entry.value !== '')).toEqual([]);
      const priced = ledger.filter((row) => (row as unknown as Record<string, string>).value !== '').map((row) => row.entry_id);
      expect(entries.filter((entry) => priced.includes(entry.entry_id ?? '')).map((entry) => entry.value_state)).toEqual(
        priced.map(() => 'not fetched'),
      );
      expect((await get<{ value: unknown }>(`/api/books/${bookId}/entries/totals`)).value).toBeNull();
    } finally {
      await workspace.updateBook(bookId, { valuation: { currency: 'USD' } });
      expect((await call(admin, 'POST', `/api/books/${bookId}/entries/refresh`)).status).toBe(200);
    }
  });

  it('a correction is checked and shown by one refresh: refused the wrong way round with nothing stored, else named in the table by its id', async () => {
    const leg = (direction: string): LedgerRow =>
      ledger.find(
        (row) => row.direction === direction && row.kind !== 'fee' && row.spam === '' && row.category === 'transfer',
      ) as LedgerRow;
    const refused = await call(admin, 'POST', `/api/books/${bookId}/rules`, {
      match: { entries: [leg('out').entry_id] },
      category: 'airdrop',
      reason: 'wrong way round',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('category airdrop is for incoming legs');
    expect(await workspace.data.bookRules(bookId)).toEqual([]);
    const incoming = leg('in');
    const added = await call(admin, 'POST', `/api/books/${bookId}/rules`, {
      match: { entries: [incoming.entry_id] },
      category: 'airdrop',
      reason: 'claimed drop',
    });
    expect(added.status).toBe(201);
    const { rule, matched } = JSON.parse(added.text) as { rule: { id: number }; matched: number };
    expect(matched).toBe(1);
    const shown = (await get<Page>(`/api/books/${bookId}/entries?q=${incoming.tx_hash}`)).entries.find(
      (entry) => entry.entry_id === incoming.entry_id,
    );
    expect(shown?.category).toBe('airdrop');
    expect(shown?.note?.split(' ')).toContain(`rule:${rule.id}`);
    expect(shown?.note).not.toContain('candidate');
    expect((await call(admin, 'DELETE', `/api/books/${bookId}/rules/${rule.id}`)).status).toBeLessThan(300);
    expect(
      (await get<Page>(`/api/books/${bookId}/entries?q=${incoming.tx_hash}`)).entries.find((entry) => entry.entry_id === incoming.entry_id)
        ?.category,
    ).toBe('transfer');
  });

  it('a correction of a whole view is one rule whose match is the view: counted, audited, in the next export, refused on a review filter, undone by one delete', async () => {
    const bySymbol = new Map<string, LedgerRow[]>();
    for (const row of ledger)
      if (row.kind === 'erc20' && row.spam === '' && row.asset !== '') bySymbol.set(row.asset, [...(bySymbol.get(row.asset) ?? []), row]);
    const symbol = [...bySymbol].sort((a, b) => b[1].length - a[1].length)[0]![0];
    // Every row of that symbol, spam copies of the token included: the view and the rule match by symbol.
    const rows = ledger.filter((row) => row.asset.toLowerCase() === symbol.toLowerCase());
    expect(rows.length).toBeGreaterThan(2);
    // The symbol in another case: the view and the rule both ignore it.
    const view = { from: '2025-01-01', to: '2025-12-31', asset: symbol.toLowerCase() };
    const query = new URLSearchParams(view).toString();
    const route = `/api/books/${bookId}/rules/view`;
    const body = { filter: view, spam: true, reason: 'scam token drops' };
    expect((await call(viewer, 'POST', route, body)).status).toBe(403);
    const reviewed = await call(admin, 'POST', route, { ...body, filter: { ...view, review: 'unreviewed' } });
    expect([reviewed.status, JSON.parse(reviewed.text).field]).toEqual([400, 'review']);
    const wrongWay = await call(admin, 'POST', route, { filter: { ...view, category: 'transfer' }, category: 'airdrop', reason: 'drops' });
    expect([wrongWay.status, JSON.parse(wrongWay.text).field]).toEqual([400, 'category']);
    expect(await workspace.data.bookRules(bookId)).toEqual([]);

    const added = await call(admin, 'POST', route, body);
    expect(added.status).toBe(201);
    const { rule, matched, viewed, warnings } = JSON.parse(added.text) as {
      rule: { id: number; rule: Record<string, unknown> };
      matched: number;
      viewed: number;
      warnings: string[];
    };
    expect({ matched, viewed, warnings }).toEqual({ matched: rows.length, viewed: rows.length, warnings: [] });
    // The job file's shape: the period as instants of the book's zone (UTC here), the symbol as given.
    expect(rule.rule).toEqual({
      match: { asset: symbol.toLowerCase(), from: '2025-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' },
      spam: true,
    });
    const shown = (await allPages(query, 1000)).entries;
    expect(shown.map((entry) => [entry.spam, entry.note?.split(' ').includes(`rule:${rule.id}`)])).toEqual(rows.map(() => ['rule', true]));
    const [audited] = await workspace.data.audit.newest({ book: bookId }, { limit: 1 });
    expect([audited?.action, audited?.target, audited?.after]).toEqual([
      'rule.added',
      `rule ${rule.id}`,
      expect.objectContaining({ view, viewed: rows.length, matched: rows.length }),
    ]);

    // The run's job file carries the rule in the job file's words: the export applies it as the table does.
    const run = await workspace.startRun(bookId, { kind: 'export', period: { year: 2025 }, templates: ['ledger'] });
    await execute(run!.id);
    expect((await workspace.data.getRun(run!.id))?.status).toBe('succeeded');
    const exported = (
      parse(fs.readFileSync(path.join(workspace.stores.outDir(run!.id), 'ledger.csv'), 'utf8'), { columns: true }) as LedgerRow[]
    ).filter((row) => row.asset.toLowerCase() === symbol.toLowerCase());
    expect(exported.map((row) => [row.spam, row.note.split(' ').includes(`rule:${rule.id}`)])).toEqual(rows.map(() => ['rule', true]));

    expect((await call(admin, 'DELETE', `/api/books/${bookId}/rules/${rule.id}`)).status).toBe(200);
    expect((await allPages(query, 1000)).entries.map((entry) => entry.spam)).toEqual(rows.map((row) => row.spam));
    expect((await workspace.data.audit.newest({ book: bookId }, { limit: 1 }))[0]?.action).toBe('rule.removed');
  });

  it('a page of 100 rows carries one correction dialog, not a form per row: a few options and ~1 KiB a row (issue 47.12)', async () => {
    const count = (text: string, part: string): number => text.split(part).length - 1;
    const page = await call(admin, 'GET', `/books/${bookId}/entries?from=&to=`);
    expect(page.status).toBe(200);
    expect(count(page.text, '<tr class="leg')).toBe(100);
    // The correction dialog and the history dialog, each once for the page.
    expect([count(page.text, '<dialog'), count(page.text, 'data-form="rule"'), count(page.text, 'data-form="review"')]).toEqual([2, 1, 1]);
    expect(count(page.text, 'data-action="correct"')).toBe(100);
    expect(count(page.text, 'data-action="history"')).toBe(100);
    // Before: ~3,000 options and ~400 KB, a correction form in every row.
    expect(count(page.text, '<option')).toBeLessThan(100);
    expect(Buffer.byteLength(page.text)).toBeLessThan(140 * 1024);
    // A viewer gets neither the correction dialog nor the rows' buttons to correct: the history alone (viewers read).
    const read = await call(viewer, 'GET', `/books/${bookId}/entries?from=&to=`);
    expect([count(read.text, '<dialog'), count(read.text, 'data-action="correct"'), count(read.text, '<form data-form')]).toEqual([
      1, 0, 0,
    ]);
    expect(count(read.text, 'data-action="history"')).toBe(100);
  });

  it('the CSV download is exactly the filtered view: ledger.csv columns, then review and notes', async () => {
    const row = ledger[0] as LedgerRow;
    const query = `wallet=${row.wallet}&category=${row.category}`;
    const { entries } = await allPages(query, 1000);
    const csv = await call(viewer, 'GET', `/api/books/${bookId}/entries.csv?${query}`);
    expect(csv.status).toBe(200);
    const records = parse(csv.text, { columns: true }) as Record<string, string>[];
    expect(Object.keys(records[0] ?? {})).toEqual([...Object.keys(row), 'review', 'notes']);
    expect(records).toEqual(
      entries.map((entry) => ({
        ...Object.fromEntries(Object.keys(row).map((column) => [column, neutraliseCell(entry[column] ?? '')])),
        review: entry.review,
        notes: entry.notes.map((note) => `${note.text} (${note.author}, ${note.at})`).join(' | '),
      })),
    );
  });

  it('a whole filtered view marked reviewed in one audited action, entries outside it untouched, and its undo restoring the mixed states', async () => {
    const view = { from: '2025-01-01', to: '2025-12-31', spam: 'false' };
    const query = new URLSearchParams(view).toString();
    const states = async (): Promise<Map<string, [string, string | null, string | null]>> =>
      new Map(
        (await allPages('', 1000)).entries.map((entry) => [
          String(entry.entry_id),
          [entry.review, entry.reviewed_by ?? null, entry.reviewed_at ?? null],
        ]),
      );
    const inView = (await allPages(query, 1000)).entries;
    expect(inView.length).toBeGreaterThanOrEqual(300);
    // Mixed states before, in the view and outside it (spam), set one at a time.
    const outside = (await get<Page>(`/api/books/${bookId}/entries?spam=true&limit=2`)).entries;
    for (const [entry, status] of [
      [inView[3], 'flagged'],
      [inView[4], 'reviewed'],
      [inView[5], 'unreviewed'],
      [outside[0], 'flagged'],
    ] as const)
      expect((await call(admin, 'PUT', `/api/books/${bookId}/entries/${entry!.entry_id}/review`, { status })).status).toBe(200);
    const before = await states();
    const alreadyReviewed = inView.filter((entry) => before.get(String(entry.entry_id))?.[0] === 'reviewed').length;

    const route = `/api/books/${bookId}/review`;
    expect((await call(viewer, 'POST', route, { filter: view, status: 'reviewed' })).status).toBe(403);
    const marked = await call(admin, 'POST', route, { filter: view, status: 'reviewed' });
    expect(marked.status).toBe(200);
    const { changed, action } = JSON.parse(marked.text) as { changed: number; action: number };
    expect(changed).toBe(inView.length - alreadyReviewed);
    const after = await states();
    for (const [entryId, was] of before) {
      const shown = inView.some((entry) => entry.entry_id === entryId);
      expect(after.get(entryId)).toEqual(!shown || was[0] === 'reviewed' ? was : ['reviewed', 'keeper', expect.any(String)]);
    }
    expect((await get<Page>(`/api/books/${bookId}/entries?${query}&review=reviewed`)).total).toBe(inView.length);

    const undo = `/api/books/${bookId}/actions/${action}/undo`;
    expect((await call(viewer, 'POST', undo)).status).toBe(403);
    expect((await call(admin, 'POST', `/api/books/${bookId + 1000}/actions/${action}/undo`)).status).toBe(404);
    const undone = await call(admin, 'POST', undo);
    expect(undone.status).toBe(200);
    expect(JSON.parse(undone.text)).toEqual({ restored: changed });
    expect(await states()).toEqual(before);
    expect((await call(admin, 'POST', undo)).status).toBe(409);
    const audited = await workspace.data.audit.newest({ book: bookId }, { limit: 2 });
    expect(audited.map((entry) => [entry.action, entry.user, entry.target])).toEqual([
      ['review.bulk_undone', 'keeper', `review action ${action}`],
      ['review.bulk_changed', 'keeper', `review action ${action}`],
    ]);
    expect(audited[1]?.after).toEqual({ filter: view, status: 'reviewed', changed });
  });
}

describeBothWays('the transactions table', world, entriesSuite);

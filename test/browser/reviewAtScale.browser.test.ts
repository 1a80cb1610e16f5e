import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import type { BookEntry } from '../../src/workspace/entries/BookEntries.js';
import { browserWorkspace } from '../support/browserWorkspace.js';
import { browserLogin, CHROMIUM } from '../support/chromium.js';
import { e2eWorld } from '../support/e2eWorld.js';
import { describeWithPrograms } from '../support/outsideProgram.js';
import { labelledWorldBook } from '../support/workspaceHarness.js';

const PASSWORD = 'review at scale password';
const YEAR = { from: '2025-01-01', to: '2025-12-31' };
type Row = Record<string, string>;

/** Issue 46 in the browser, on one client's book: bulk review and correction of a view, prices in bulk, review filed. */
describeWithPrograms('review at a firm’s scale in headless Chromium (issue 46)', [CHROMIUM], () => {
  const world = e2eWorld();
  let bookId: number;
  let exportRun: number;

  const at = browserWorkspace(
    'review-at-scale',
    { world, rate: 2000, runs: true, users: [{ name: 'accountant', role: 'admin', password: PASSWORD }] },
    async (workspace) => {
      bookId = (await workspace.addBook(labelledWorldBook(world))).id;
      exportRun = (await workspace.startRun(bookId, { kind: 'export', period: { year: 2025 }, templates: ['ledger'] }))?.id ?? 0;
      await workspace.queue.idle();
      expect(await workspace.data.getRun(exportRun)).toMatchObject({ status: 'succeeded' });
    },
  );

  const login = () => browserLogin(at.browser, at.server.url, { user: 'accountant', password: PASSWORD, width: 1280 });
  /** Every entry of a view of the book's table, as the server holds it. */
  const view = async (filter: Parameters<typeof at.workspace.entries.page>[1]): Promise<BookEntry[]> =>
    (await at.workspace.entries.page(bookId, filter, null, 1000)).entries;
  const newestAudit = async (count: number): Promise<string[]> =>
    (await at.workspace.data.audit.newest({ book: bookId }, { limit: count })).map((entry) => `${entry.action} ${entry.target}`);
  const csvRows = (file: string): Row[] => parse(fs.readFileSync(file, 'utf8'), { columns: true }) as Row[];

  it('marks a filtered view of 300+ entries reviewed in one action after a confirmation naming its count, and undoes it', async () => {
    const { context, page, pageErrors } = await login();
    const shown = `${at.server.url}/books/${bookId}/entries?${new URLSearchParams({ ...YEAR, spam: 'false' }).toString()}`;
    await page.goto(shown);
    const total = Number(await page.getAttribute('[data-total]', 'data-total'));
    expect(total).toBeGreaterThanOrEqual(300);
    const questions: string[] = [];
    page.on('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.accept();
    });
    await page.click('form.bulk-review button[type="submit"]');
    await page.locator('form.bulk-review [data-done]').filter({ hasText: /\S/ }).waitFor();
    expect(questions).toEqual([`Set the review status of all ${total} entries in this view (every page, not only this one)?`]);
    expect(await page.textContent('form.bulk-review [data-done]')).toBe(`${total} marked reviewed.`);
    const yearView = { from: Date.parse('2025-01-01T00:00:00Z') / 1000, to: Date.parse('2026-01-01T00:00:00Z') / 1000, spam: false };
    expect((await view({ ...yearView, review: 'reviewed' })).length).toBe(total);
    expect(await newestAudit(1)).toEqual([expect.stringMatching(/^review\.bulk_changed review action \d+$/)]);

    await Promise.all([page.waitForEvent('load'), page.click('form.bulk-review button[data-action="undo-review"]')]);
    expect((await view({ ...yearView, review: 'reviewed' })).length).toBe(0);
    expect(await newestAudit(1)).toEqual([expect.stringMatching(/^review\.bulk_undone review action \d+$/)]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('corrects every entry of a view as one rule whose match is the view (count confirmed), shown in the table, and undoes it in one step', async () => {
    const tokens = (await view({ spam: false })).filter((entry) => entry.cells.kind === 'erc20');
    const counts = new Map<string, number>();
    for (const entry of tokens) counts.set(entry.cells.asset ?? '', (counts.get(entry.cells.asset ?? '') ?? 0) + 1);
    const symbol = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
    const { context, page, pageErrors } = await login();
    await page.goto(`${at.server.url}/books/${bookId}/entries?${new URLSearchParams({ ...YEAR, asset: symbol }).toString()}`);
    const total = Number(await page.getAttribute('[data-total]', 'data-total'));
    expect(total).toBeGreaterThan(2);
    const questions: string[] = [];
    page.on('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.accept();
    });
    await page.selectOption('form.bulk-rule select[name="action"]', 'spam:true');
    await page.fill('form.bulk-rule input[name="reason"]', 'scam token drops');
    await page.click('form.bulk-rule button[type="submit"]');
    await page.locator('form.bulk-rule [data-done]').filter({ hasText: /\S/ }).waitFor();
    expect(questions).toEqual([
      `Apply this to all ${total} entries in this view (every page), and to matching entries that arrive later? It is saved as one rule.`,
    ]);
    const [rule] = await at.workspace.data.bookRules(bookId);
    expect(rule?.rule).toEqual({
      match: { asset: symbol.toLowerCase(), from: '2025-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' },
      spam: true,
    });
    expect(await page.textContent('form.bulk-rule [data-done]')).toBe(`Rule ${rule?.id} changes ${total} entries.`);
    expect(await newestAudit(1)).toEqual([`rule.added rule ${rule?.id}`]);
    expect((await view({ asset: symbol })).filter((entry) => entry.cells.spam === 'rule').length).toBe(total);

    // Beside it: the view shows every row as spam by the rule, and the book page lists the rule with a link to that view.
    const other = await context.newPage();
    await other.goto(`${at.server.url}/books/${bookId}/entries?${new URLSearchParams({ ...YEAR, asset: symbol }).toString()}`);
    const reasons = await other.$$eval('table.entries tr.leg', (rows) =>
      rows.map((row) => row.querySelectorAll('td')[8]?.textContent?.trim()),
    );
    expect(reasons).toEqual(Array.from({ length: Math.min(total, 100) }, () => 'rule'));
    await other.goto(`${at.server.url}/books/${bookId}`);
    const link = await other.getAttribute(`tr[data-rule="${rule?.id}"] a`, 'href');
    expect(Object.fromEntries(new URLSearchParams(link?.split('?')[1]))).toEqual({ ...YEAR, asset: symbol.toLowerCase() });
    await other.close();

    // Undo: one click, the rule deleted (audited), the rows as they were.
    await Promise.all([page.waitForEvent('load'), page.click('form.bulk-rule button[data-action="undo-rule"]')]);
    expect(await at.workspace.data.bookRules(bookId)).toEqual([]);
    expect(await newestAudit(1)).toEqual([`rule.removed rule ${rule?.id}`]);
    expect((await view({ asset: symbol })).filter((entry) => entry.cells.spam === 'rule')).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('values the table from a pasted price series at once, without a run', async () => {
    const { context, page, pageErrors } = await login();
    await page.goto(`${at.server.url}/runs/${exportRun}`);
    const missing = page.locator('table.missing-prices tbody tr[data-asset*=":0x"]').first();
    const [chain, contract] = ((await missing.getAttribute('data-asset')) ?? '').split(':') as [string, string];
    const unvalued = (await view({ asset: contract, chainId: Number(chain) })).filter((entry) => entry.cells.value === '');
    expect(unvalued.length).toBeGreaterThan(0);
    // A daily series: one price at the start of each day the asset has rows on.
    const days = [...new Set(unvalued.map((entry) => new Date(entry.timestamp * 1000).toISOString().slice(0, 10)))];
    const series = ['time,chain,asset,currency,price', ...days.map((day) => `${day}T00:00:00Z,${chain},${contract},,0.25`)].join('\n');
    const runs = (await at.workspace.data.runsOfBook(bookId)).length;
    const said: string[] = [];
    page.on('dialog', (dialog) => {
      said.push(dialog.message());
      void dialog.accept();
    });
    await page.fill('form[data-form="price-series"] textarea[name="csv"]', series);
    await Promise.all([page.waitForEvent('load'), page.click('form[data-form="price-series"] button[type="submit"]')]);
    expect(said[0]).toMatch(new RegExp(`^Saved ${days.length} prices: the transactions table is valued from them now`));

    await page.goto(`${at.server.url}/books/${bookId}/entries?asset=${contract}&chain=${chain}&from=&to=`);
    const values = new Map(
      await page.$$eval('table.entries tr.leg', (rows) =>
        rows.map((row) => [row.getAttribute('data-entry') ?? '', row.querySelector('td.value')?.textContent?.trim() ?? ''] as const),
      ),
    );
    const shown = unvalued.filter((entry) => values.has(entry.entryId));
    expect(shown.length).toBe(Math.min(unvalued.length, values.size));
    for (const entry of shown)
      expect([entry.entryId, values.get(entry.entryId)]).toEqual([entry.entryId, expect.stringMatching(/^[0-9.]+ USD file$/)]);
    expect((await at.workspace.data.runsOfBook(bookId)).length).toBe(runs);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('files review.csv when the period is closed on the book page: the reviews set in the table, listed with its size and hash', async () => {
    const { context, page, pageErrors } = await login();
    page.on('dialog', (dialog) => void dialog.accept());
    // A view of one transaction marked reviewed, then one of its legs flagged in the correction dialog.
    const [first] = await view({ from: Date.parse('2025-03-01T00:00:00Z') / 1000, spam: false });
    const hash = first?.cells.tx_hash ?? '';
    await page.goto(`${at.server.url}/books/${bookId}/entries?q=${hash}&from=&to=`);
    await page.click('form.bulk-review button[type="submit"]');
    await page.locator('form.bulk-review [data-done]').filter({ hasText: /\S/ }).waitFor();
    const reviewed = (await view({ q: hash })).map((entry) => entry.entryId);
    await page.click(`tr.leg[data-entry="${first?.entryId}"] button[data-action="correct"]`);
    await page.selectOption('dialog[data-correction] form[data-form="review"] select[name="status"]', 'flagged');
    await Promise.all([page.waitForEvent('load'), page.click('dialog[data-correction] form[data-form="review"] button')]);

    await page.goto(`${at.server.url}/books/${bookId}`);
    const close = page.locator('form[data-close]');
    await close.locator('input[name="year"]').fill('2025');
    await close.locator('input[name="templates"][value="ledger"]').check();
    await Promise.all([page.waitForURL(/\/runs\/\d+$/), close.locator('button[type="submit"]').click()]);
    await page.locator('[data-run][data-finished="yes"]').waitFor({ timeout: 90_000 });
    const closeRun = Number(/\/runs\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    expect((await at.workspace.data.getRun(closeRun))?.status).toBe('succeeded');

    const filedFile = path.join(at.dataDir, 'books', String(bookId), 'filed', '2025', 'review.csv');
    const filed = csvRows(filedFile);
    expect(filed.map((one) => [one.entry_id, one.status, one.reviewer]).sort()).toEqual(
      reviewed.map((entryId) => [entryId, entryId === first?.entryId ? 'flagged' : 'reviewed', 'accountant']).sort(),
    );
    await page.goto(`${at.server.url}/books/${bookId}`);
    const listed = page.locator('section[data-closed="2025"] table.files tr', { hasText: 'review.csv' });
    expect(await listed.locator('td').nth(1).textContent()).toBe(String(fs.statSync(filedFile).size));
    expect(await listed.locator('span.hash').getAttribute('title')).toBe(
      crypto.createHash('sha256').update(fs.readFileSync(filedFile)).digest('hex'),
    );
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

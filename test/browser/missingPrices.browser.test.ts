import { expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { e2eWorld } from '../support/e2eWorld.js';
import { browserWorkspace } from '../support/browserWorkspace.js';
import { browserLogin, CHROMIUM } from '../support/chromium.js';
import { describeWithPrograms } from '../support/outsideProgram.js';
import { worldBook } from '../support/workspaceHarness.js';

const PASSWORD = 'prices form password';

describeWithPrograms('a run’s missing prices entered in headless Chromium', [CHROMIUM], () => {
  const world = e2eWorld();
  let bookId: number;
  let runId: number;

  const at = browserWorkspace(
    'prices-form',
    {
      world,
      rate: 1000,
      runs: true,
      users: [
        { name: 'accountant', role: 'admin', password: PASSWORD },
        { name: 'client', role: 'viewer', password: PASSWORD },
      ],
    },
    async (workspace) => {
      bookId = (await workspace.addBook(worldBook(world))).id;
      runId = (await workspace.startRun(bookId, { kind: 'export', period: { year: 2025 }, templates: ['ledger'] }))?.id ?? 0;
      await workspace.queue.idle();
      expect(await workspace.data.getRun(runId)).toMatchObject({ error: null, status: 'succeeded' });
    },
  );

  /** The rows without a price: the first of the kinds the run names ("3 without a price · 2 of tokens with unknown decimals · …"). */
  const withoutValue = async (page: Page): Promise<number> =>
    Number(/^(\d+) without a price/.exec((await page.locator('dt:text-is("Rows without a value") + dd').textContent()) ?? '')?.[1]);

  it('an admin enters a price beside a missing asset, the run is queued again and values those rows; a viewer sees the list without the form', async () => {
    const viewer = await browserLogin(at.browser, at.server.url, { user: 'client', password: PASSWORD, width: 1280 });
    await viewer.page.goto(`${at.server.url}/runs/${runId}`);
    expect(await viewer.page.locator('table.missing-prices tbody tr').count()).toBeGreaterThan(0);
    expect(await viewer.page.locator('form[data-form="price"]').count()).toBe(0);
    await viewer.context.close();

    const { context, page, pageErrors } = await browserLogin(at.browser, at.server.url, {
      user: 'accountant',
      password: PASSWORD,
      width: 1280,
    });
    await page.goto(`${at.server.url}/runs/${runId}`);
    const before = await withoutValue(page);
    const form = page.locator('form[data-form="price"]:has(input[name="asset"][value^="0x"])').first();
    const asset = await form.locator('input[name="asset"]').getAttribute('value');
    const time = await form.locator('input[name="time"]').inputValue();
    expect(time).toMatch(/^2025-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    await form.locator('input[name="price"]').fill('12,5');
    await form.locator('button[type="submit"]').click();
    await form.locator('[data-error-for="price"]').filter({ hasText: /\S/ }).waitFor();
    expect(await form.locator('[data-error-for="price"]').textContent()).toMatch(/^price "12,5" is not a plain positive decimal/);
    expect(await at.workspace.data.bookPrices(bookId)).toEqual([]);

    await form.locator('input[name="price"]').fill('3.5');
    await Promise.all([
      page.waitForURL((url) => /\/runs\/\d+$/.test(url.pathname) && url.pathname !== `/runs/${runId}`),
      form.locator('button[type="submit"]').click(),
    ]);
    await page.locator('[data-run][data-finished="yes"]').waitFor({ timeout: 60_000 });
    const rerun = Number(/\/runs\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    expect((await at.workspace.data.getRun(rerun))?.request).toEqual((await at.workspace.data.getRun(runId))?.request);
    expect(await withoutValue(page)).toBeLessThan(before);
    const stillMissing = await page.$$eval('table.missing-prices tbody tr', (rows) =>
      rows.map((row) => `${row.getAttribute('data-asset')?.split(':')[1] ?? ''} ${row.getAttribute('data-first') ?? ''}`),
    );
    expect(stillMissing.length).toBeGreaterThan(0);
    expect(stillMissing.filter((row) => row === `${asset} ${time}`)).toEqual([]);

    await page.goto(`${at.server.url}/books/${bookId}`);
    expect(await page.locator('table.prices tbody tr').first().textContent()).toMatch(/3\.5 USD\s*accountant/);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('lists the missing prices for people: named columns, the chain by name, whole words, rows stacked on a phone (issue 47.3)', async () => {
    const { context, page } = await browserLogin(at.browser, at.server.url, { user: 'accountant', password: PASSWORD, width: 1280 });
    await page.goto(`${at.server.url}/runs/${runId}`);
    expect(await page.locator('table.missing-prices thead th').allTextContents()).toEqual([
      'Asset',
      'Chain',
      'Rows from – to',
      'Rows',
      'Why',
      'Manual price',
    ]);
    const first = await page.locator('table.missing-prices tbody tr').first().locator('td').allTextContents();
    expect(first[1]).toMatch(/^[A-Z][A-Za-z ]+$/);
    expect(first[2]).toMatch(/^2025-\d\d-\d\d \d\d:\d\d UTC – 2025-\d\d-\d\d \d\d:\d\d UTC$/);
    // No cell breaks a word: each label cell is at least as wide as its longest word.
    const broken = await page.$$eval(
      'table.missing-prices tbody td:nth-child(-n+2)',
      (cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).length,
    );
    expect(broken).toBe(0);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.reload();
    expect(await page.$eval('html', (root) => root.scrollWidth)).toBe(390);
    const cellWidths = await page.$$eval('table.missing-prices tbody tr:first-child td', (cells) =>
      cells.map((cell) => cell.getBoundingClientRect().width),
    );
    expect(Math.min(...cellWidths)).toBeGreaterThan(300);
    await context.close();
  });
});

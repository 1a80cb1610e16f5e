import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import { hashPassword } from '../../src/workspace/secrets.js';
import type { Workspace } from '../../src/workspace/Workspace.js';
import { e2eWorld } from '../support/e2eWorld.js';
import { browserLogin, CHROMIUM, launchChromium } from '../support/chromium.js';
import { describeWithPrograms } from '../support/outsideProgram.js';
import type { Served } from '../support/serverHarness.js';
import { serve } from '../support/serverHarness.js';
import { openWorkspace, tempDir, worldBook } from '../support/workspaceHarness.js';

const PASSWORD = 'prices form password';
const KEY = 'prices-form-key';

describeWithPrograms('a run’s missing prices entered in headless Chromium', [CHROMIUM], () => {
  const world = e2eWorld();
  let sandbox: Sandbox;
  let workspace: Workspace;
  let server: Served;
  let browser: Browser;
  let bookId: number;
  let runId: number;
  let dataDir: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ world, rate: 1000, apiKeys: [KEY] });
    dataDir = tempDir('prices-form');
    workspace = openWorkspace(dataDir, { url: sandbox.url, apiKey: KEY }, {}, 1000);
    await workspace.start({ scheduler: false });
    await workspace.data.addUser('accountant', 'admin', await hashPassword(PASSWORD));
    await workspace.data.addUser('client', 'viewer', await hashPassword(PASSWORD));
    bookId = (await workspace.addBook(worldBook(world))).id;
    runId = (await workspace.startRun(bookId, { kind: 'export', period: { year: 2025 }, templates: ['ledger'] }))?.id ?? 0;
    await workspace.queue.idle();
    expect(await workspace.data.getRun(runId)).toMatchObject({ error: null, status: 'succeeded' });
    server = await serve(workspace);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await workspace?.close();
    await sandbox?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const withoutValue = async (page: Page): Promise<number> => Number(await page.locator('dt:text-is("Rows without a value") + dd').textContent());

  it('an admin enters a price beside a missing asset, the run is queued again and values those rows; a viewer sees the list without the form', async () => {
    const viewer = await browserLogin(browser, server.url, { user: 'client', password: PASSWORD, width: 1280 });
    await viewer.page.goto(`${server.url}/runs/${runId}`);
    expect(await viewer.page.locator('table.missing-prices tbody tr').count()).toBeGreaterThan(0);
    expect(await viewer.page.locator('form[data-form="price"]').count()).toBe(0);
    await viewer.context.close();

    const { context, page, pageErrors } = await browserLogin(browser, server.url, { user: 'accountant', password: PASSWORD, width: 1280 });
    await page.goto(`${server.url}/runs/${runId}`);
    const before = await withoutValue(page);
    const form = page.locator('form[data-form="price"]:has(input[name="asset"][value^="0x"])').first();
    const asset = await form.locator('input[name="asset"]').getAttribute('value');
    const time = await form.locator('input[name="time"]').inputValue();
    expect(time).toMatch(/^2025-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    await form.locator('input[name="price"]').fill('12,5');
    await form.locator('button[type="submit"]').click();
    await form.locator('[data-error-for="price"]').filter({ hasText: /\S/ }).waitFor();
    expect(await form.locator('[data-error-for="price"]').textContent()).toMatch(/^price "12,5" is not a plain positive decimal/);
    expect(await workspace.data.bookPrices(bookId)).toEqual([]);

    await form.locator('input[name="price"]').fill('3.5');
    await Promise.all([page.waitForURL((url) => /\/runs\/\d+$/.test(url.pathname) && url.pathname !== `/runs/${runId}`), form.locator('button[type="submit"]').click()]);
    await page.locator('[data-run][data-finished="yes"]').waitFor({ timeout: 60_000 });
    const rerun = Number(/\/runs\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    expect((await workspace.data.getRun(rerun))?.request).toEqual((await workspace.data.getRun(runId))?.request);
    expect(await withoutValue(page)).toBeLessThan(before);
    const stillMissing = await page.locator('table.missing-prices tbody tr').allTextContents();
    expect(stillMissing.filter((row) => row.includes(asset ?? '') && row.includes(time))).toEqual([]);

    await page.goto(`${server.url}/books/${bookId}`);
    expect(await page.locator('table.prices tbody tr').first().textContent()).toMatch(/3\.5 USD\s*accountant/);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

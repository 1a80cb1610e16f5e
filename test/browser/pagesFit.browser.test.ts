import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RunRequest } from '../../src/runs/RunRequest.js';
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

const PASSWORD = 'pages test password';
/** A4 portrait (210 mm) less the print CSS's 12 mm margins, in CSS pixels (96 per inch). */
const A4_PRINTABLE_PX = Math.floor(((210 - 24) / 25.4) * 96);
/** The workspaces' clock: the real one unless a test moves it on. */
let clock: Date | undefined;

/** A workspace with its server, an admin, and one book over the e2e world. */
async function served(sandbox: Sandbox, rate: number, name: string): Promise<{ workspace: Workspace; server: Served; bookId: number }> {
  const workspace = openWorkspace(tempDir(name), sandbox, { now: () => clock ?? new Date() }, rate);
  await workspace.start({ scheduler: false });
  await workspace.data.addUser('accountant', 'admin', await hashPassword(PASSWORD));
  const book = await workspace.addBook(worldBook(e2eWorld(), `Client ${name}`));
  return { workspace, server: await serve(workspace), bookId: book.id };
}

async function finishedRun(workspace: Workspace, bookId: number, request: RunRequest): Promise<number> {
  const run = await workspace.startRun(bookId, request);
  if (run === undefined) throw new Error('no run started');
  await workspace.queue.idle();
  expect((await workspace.data.getRun(run.id))?.status).toMatch(/succeeded|differences/);
  return run.id;
}

const loggedIn = (browser: Browser, url: string, width: number): Promise<{ context: BrowserContext; page: Page }> =>
  browserLogin(browser, url, { user: 'accountant', password: PASSWORD, width });

const pageWidth = (page: Page): Promise<number> => page.$eval('html', (root) => root.scrollWidth);

describeWithPrograms('pages in headless Chromium (issue 26.5, 26.8, 26.9, 26.11)', [CHROMIUM], () => {
  let sandbox: Sandbox;
  let fast: Awaited<ReturnType<typeof served>>;
  let browser: Browser;
  const runs = { export: 0, reconcile: 0, balances: 0 };

  beforeAll(async () => {
    sandbox = await startSandbox({ world: e2eWorld(), rate: 2000 });
    fast = await served(sandbox, 1000, 'fast');
    runs.export = await finishedRun(fast.workspace, fast.bookId, {
      kind: 'export',
      period: { year: 2025 },
      templates: ['ledger', 'koinly-wallets'],
    });
    runs.reconcile = await finishedRun(fast.workspace, fast.bookId, { kind: 'reconcile', period: { year: 2025 } });
    runs.balances = await finishedRun(fast.workspace, fast.bookId, { kind: 'balances', at: '2025-12-31T23:59:59' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await fast?.server.close();
    await fast?.workspace.close();
    await sandbox?.close();
  });

  it('fits 1,280 px on every page and 390 px on the books list and the run page; files before the folded tie-out', async () => {
    const { context, page } = await loggedIn(browser, fast.server.url, 1280);
    const pages = [
      '/',
      `/books/${fast.bookId}`,
      `/runs/${runs.export}`,
      `/runs/${runs.reconcile}/reconcile`,
      `/runs/${runs.balances}`,
      `/books/${fast.bookId}/summary`,
      `/books/${fast.bookId}/chart`,
    ];
    const widths: [string, number][] = [];
    for (const route of pages) {
      await page.goto(`${fast.server.url}${route}`);
      widths.push([route, await pageWidth(page)]);
    }
    expect(widths.filter(([, width]) => width > 1280)).toEqual([]);

    await page.goto(`${fast.server.url}/runs/${runs.export}`);
    const files = await page.locator('table.files').boundingBox();
    const tieout = await page.locator('details.tieout').boundingBox();
    expect(files?.y).toBeLessThan(tieout?.y ?? 0);
    expect(await page.locator('details.tieout').getAttribute('open')).toBeNull();
    // Wide tables scroll inside their box at 390 px; the page itself does not.
    await page.setViewportSize({ width: 390, height: 800 });
    for (const route of ['/', `/runs/${runs.export}`]) {
      await page.goto(`${fast.server.url}${route}`);
      expect([route, await pageWidth(page)]).toEqual([route, 390]);
    }
    await context.close();
  });

  it('prints the year summary on A4 portrait with nothing cut off, amounts in units with their symbol', async () => {
    const { context, page } = await loggedIn(browser, fast.server.url, 1280);
    await page.goto(`${fast.server.url}/books/${fast.bookId}/summary`);
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // What the PDF lays out: print media on the printable width of an A4 page.
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: A4_PRINTABLE_PX, height: 1100 });
    expect(await pageWidth(page)).toBeLessThanOrEqual(A4_PRINTABLE_PX);
    const rights = await page.$$eval('table', (tables) => tables.map((table) => Math.ceil(table.getBoundingClientRect().right)));
    expect(rights.length).toBeGreaterThan(1);
    expect(rights.filter((right) => right > A4_PRINTABLE_PX)).toEqual([]);
    const rollForward = await page.$$eval('table.reconcile tbody tr', (rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')),
    );
    // The holder and asset columns keep their width however many numbers stand beside them (issue 47.2).
    const labelWidths = await page.$$eval(
      'table.reconcile td.holder, table.reconcile td.asset-label, table.balances td.asset-label',
      (cells) => cells.map((cell) => cell.getBoundingClientRect().width),
    );
    expect(labelWidths.length).toBeGreaterThan(2);
    expect(Math.min(...labelWidths)).toBeGreaterThanOrEqual(100);
    const ethRow = rollForward.find((cells) => cells[1] === 'ETH');
    expect(ethRow?.[6]).toMatch(/^\d+(\.\d+)? ETH$/);
    expect(rollForward.flat().join(' ')).not.toContain('(raw)');
    await context.close();
  });

  it('tells assets apart on the reconcile report: an NFT collection on one row, every token with its short contract, spam apart and quoted', async () => {
    const { context, page } = await loggedIn(browser, fast.server.url, 1280);
    await page.goto(`${fast.server.url}/runs/${runs.reconcile}/reconcile`);
    const rowsOf = (selector: string): Promise<{ where: string; asset: string; copy: string | null; text: string }[]> =>
      page.$$eval(`${selector} tbody tr`, (rows) =>
        rows.map((row) => {
          const cells = row.querySelectorAll('td');
          return {
            where: cells[0]?.textContent ?? '',
            asset: cells[1]?.textContent ?? '',
            copy: cells[1]?.querySelector('button.copy')?.getAttribute('data-copy') ?? null,
            text: row.textContent ?? '',
          };
        }),
      );
    const counted = await rowsOf('table.reconcile:not(.spam-table)');
    const spam = await rowsOf('table.spam-table');
    // A collection of one wallet is one row, its ids counted behind a disclosure (issue 47.2: a row per id made the
    // summary 45,171 px tall).
    const nfts = counted.filter((row) => row.asset.includes('SPUNK'));
    expect(nfts.length).toBeGreaterThan(0);
    expect(new Set(nfts.map((row) => row.where)).size).toBe(nfts.length);
    for (const row of nfts) {
      expect(row.asset).toMatch(/^SPUNK 0x[0-9a-f]{4}…[0-9a-f]{4}/);
      expect(row.asset).toMatch(/\d+ token ids?/);
    }
    const ids = await page.$$eval('table.reconcile:not(.spam-table) details.token-ids', (lists) =>
      lists.map((list) => list.textContent ?? ''),
    );
    expect(ids.join(' ')).toMatch(/#\d+ #\d+/);
    // No two rows of one chain and wallet look alike.
    const labels = counted.map((row) => `${row.where}|${row.asset}`);
    expect(labels.length - new Set(labels).size).toBe(0);
    // Every token row names its contract (shortened, copied whole); the chain's coin has none.
    for (const row of counted) {
      if (row.asset === 'ETH') expect(row.copy).toBeNull();
      else expect([row.asset, row.copy]).toEqual([row.asset, expect.stringMatching(/^0x[0-9a-f]{40}$/)]);
    }
    expect(counted.some((row) => row.asset.startsWith('token 0x'))).toBe(true);
    expect(counted.map((row) => row.text).join(' ')).not.toMatch(/spam|\(raw\)/);
    // Spam that claims ETH or USDC sits in its own table, marked and quoted.
    expect(spam.map((row) => row.asset)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^spam “ETH” 0x/), expect.stringMatching(/^spam “USDC” 0x/)]),
    );
    await context.close();
  });

  it('shows a revoked or expired share link as a page saying so, over HTTP and in the browser', async () => {
    const share = async (): Promise<{ id: string; url: string }> => {
      const { context, page } = await loggedIn(browser, fast.server.url, 1280);
      const csrf = await page.getAttribute('meta[name="csrf-token"]', 'content');
      const response = await context.request.post(`${fast.server.url}/api/runs/${runs.export}/shares`, {
        data: { days: 1 },
        headers: { 'x-csrf-token': csrf ?? '' },
      });
      const created = (await response.json()) as { id: string; url: string };
      await context.close();
      return created;
    };
    const revoked = await share();
    await fast.workspace.data.revokeShare(revoked.id, new Date().toISOString());
    const response = await fetch(new URL(revoked.url, fast.server.url));
    expect([response.status, response.headers.get('content-type')]).toEqual([404, 'text/html; charset=utf-8']);
    expect(await response.text()).toContain('This share link was revoked on');
    const download = await fetch(new URL(`${revoked.url}/archive.zip`, fast.server.url));
    expect([download.status, download.headers.get('content-type')?.split(';')[0]]).toEqual([404, 'application/json']);

    const stranger = await browser.newContext();
    const page = await stranger.newPage();
    expect((await page.goto(new URL(revoked.url, fast.server.url).href))?.status()).toBe(404);
    expect(await page.textContent('[data-share-gone]')).toContain('was revoked');
    const expired = await share();
    clock = new Date(Date.now() + 2 * 86_400_000);
    try {
      await page.goto(new URL(expired.url, fast.server.url).href);
      expect(await page.textContent('[data-share-gone]')).toContain('expired on');
    } finally {
      clock = undefined;
    }
    await page.goto(`${fast.server.url}/s/${'x'.repeat(43)}`);
    expect(await page.textContent('h1')).toBe('Share link not available');
    await stranger.close();
  });

  describe('irreversible actions', () => {
    it('asks before close, revoke and stop: dismissed sends nothing, accepted does; a failing stop shows its error', async () => {
      const slow = await served(sandbox, 4, 'slow');
      try {
        const { context, page } = await loggedIn(browser, slow.server.url, 1280);
        const sent: string[] = [];
        page.on('request', (request) => {
          if (request.method() !== 'GET') sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
        });
        const answer = (accept: boolean): void => {
          page.once('dialog', (dialog) => void (accept ? dialog.accept() : dialog.dismiss()));
        };

        // Closing a period.
        await page.goto(`${slow.server.url}/books/${slow.bookId}`);
        await page.fill('form[data-close] input[name="year"]', '2025');
        await page.check('form[data-close] input[value="ledger"]');
        answer(false);
        await page.click('form[data-close] button[type="submit"]');
        await page.waitForTimeout(300);
        expect(sent).toEqual([]);
        expect(await slow.workspace.data.runsOfBook(slow.bookId)).toEqual([]);
        answer(true);
        await Promise.all([page.waitForURL(/\/runs\/\d+$/), page.click('form[data-close] button[type="submit"]')]);
        const closing = Number(new URL(page.url()).pathname.split('/')[2]);
        expect(sent).toEqual([`POST /api/books/${slow.bookId}/runs`]);

        // Stopping it (slow: it is still running).
        sent.length = 0;
        answer(false);
        await page.click('button[data-action="stop"]');
        await page.waitForTimeout(300);
        expect(sent).toEqual([]);
        expect((await slow.workspace.data.getRun(closing))?.status).toMatch(/queued|running/);
        answer(true);
        await page.click('button[data-action="stop"]');
        // How soon a run stops is the interrupts test's; this one waits as long as a loaded machine needs.
        for (
          let tries = 0;
          tries < 600 && !['stopped', 'failed'].includes((await slow.workspace.data.getRun(closing))?.status ?? '');
          tries++
        )
          await page.waitForTimeout(100);
        expect(sent).toEqual([`POST /api/runs/${closing}/stop`]);
        expect((await slow.workspace.data.getRun(closing))?.status).toBe('stopped');

        // A stop that fails (the session ended meanwhile) says so beside the button.
        const next = await slow.workspace.startRun(slow.bookId, { kind: 'sync', period: { year: 2025 } });
        await page.goto(`${slow.server.url}/runs/${next?.id}`);
        const other = await context.newPage();
        await other.goto(`${slow.server.url}/`);
        await Promise.all([other.waitForURL(`${slow.server.url}/login`), other.click('button[data-action="logout"]')]);
        answer(true);
        await page.click('button[data-action="stop"]');
        await page.waitForSelector('[data-run] [data-error]:not(:empty)');
        expect(await page.textContent('[data-run] [data-error]')).toMatch(/^Stop failed: /);
        await slow.workspace.queue.stop(next?.id ?? 0);
        await context.close();
      } finally {
        await slow.server.close();
        await slow.workspace.close();
      }
    }, 240_000);

    it('asks before revoking a share link: dismissed keeps it, accepted revokes it', async () => {
      const { context, page } = await loggedIn(browser, fast.server.url, 1280);
      await page.goto(`${fast.server.url}/runs/${runs.export}`);
      await page.click('form[data-form="share"] button[type="submit"]');
      await page.waitForSelector('[data-share-url] a');
      await page.reload();
      const active = async (): Promise<number> =>
        (await fast.workspace.data.sharesOfRun(runs.export)).filter((share) => share.revokedAt === null).length;
      const before = await active();
      expect(before).toBeGreaterThan(0);
      page.once('dialog', (dialog) => void dialog.dismiss());
      await page.click('button[data-action="revoke"]');
      await page.waitForTimeout(300);
      expect(await active()).toBe(before);
      page.once('dialog', (dialog) => void dialog.accept());
      await Promise.all([page.waitForEvent('load'), page.click('button[data-action="revoke"]')]);
      expect(await active()).toBe(before - 1);
      await context.close();
    });
  });
});

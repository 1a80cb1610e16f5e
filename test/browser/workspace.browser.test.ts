import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from '@jest/globals';
import { browserWorkspace } from '../support/browserWorkspace.js';
import { e2eWorld, E2E_CHAINS } from '../support/e2eWorld.js';
import { runInProcess } from '../support/runLedgerscan.js';
import { CHROMIUM } from '../support/chromium.js';
import { describeWithPrograms } from '../support/outsideProgram.js';
import { REVIEW_FILE } from '../../src/outputs/reviewOutput.js';
import { comparableManifest } from '../support/runOutput.js';
import { tempDir } from '../support/workspaceHarness.js';
import { unzipAll } from './unzipAll.js';

/** Slow enough for the page to show progress before 100 % (≈ 250 calls). */
const RATE = 80;
const PASSWORD = 'browser test password';
const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'screenshots');

describeWithPrograms('the workspace in headless Chromium', [CHROMIUM], () => {
  const world = e2eWorld();

  const at = browserWorkspace('browser', {
    world,
    rate: RATE,
    runs: true,
    users: [{ name: 'accountant', role: 'admin', password: PASSWORD }],
  });

  it('logs in, creates a book, exports two templates with live progress, downloads the zip equal to `ledgerscan export`, opens the reconcile report, closes a period and a share link', async () => {
    const shots = process.env.UPDATE_SCREENSHOTS === '1' ? SCREENSHOTS : tempDir('screenshots');
    fs.mkdirSync(shots, { recursive: true });
    const context = await at.browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });

    await page.goto(`${at.server.url}/`);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.fill('input[name="user"]', 'accountant');
    await page.fill('input[name="password"]', PASSWORD);
    await Promise.all([page.waitForURL(`${at.server.url}/`), page.click('button[type="submit"]')]);

    await page.fill('form[data-form="book"] input[name="name"]', 'Client <b>Müller</b>');
    await page.fill(
      'form[data-form="book"] textarea[name="wallets"]',
      world.wallets.map((wallet, index) => `${wallet.address} Wallet ${index + 1} @${E2E_CHAINS.join(',')}`).join('\n'),
    );
    for (const chain of E2E_CHAINS) await page.check(`form[data-form="book"] input[name="chains"][value="${chain}"]`);
    await Promise.all([page.waitForURL(/\/books\/\d+$/), page.click('form[data-form="book"] button[type="submit"]')]);
    expect(await page.textContent('h1')).toBe('Client <b>Müller</b>');

    await page.selectOption('form[data-form="run"] select[name="kind"]', 'export');
    await page.fill('form[data-form="run"] input[name="year"]', '2025');
    await page.check('form[data-form="run"] input[value="ledger"]');
    await page.check('form[data-form="run"] input[value="koinly-wallets"]');
    await Promise.all([page.waitForURL(/\/runs\/\d+$/), page.click('form[data-form="run"] button[type="submit"]')]);
    const runId = Number(new URL(page.url()).pathname.split('/')[2]);

    // Live figures arrive over SSE before the run finishes; then the page reloads with the files.
    const shown = new Set<string>();
    const bars: number[] = [];
    const plainStatuses: string[] = [];
    while (!(await page.isVisible('table.files'))) {
      const figures = await page
        .$$eval('[data-field]', (fields) => fields.map((field) => field.textContent ?? '').join(' | '))
        .catch(() => '');
      if (figures !== '') shown.add(figures);
      // The status keeps its badge through live updates, and the bar never goes back.
      const live = await page
        .$eval('[data-field="status"]', (status) => ({
          badge: status.querySelector('span.status') !== null,
          text: status.textContent ?? '',
        }))
        .catch(() => undefined);
      if (live !== undefined && !live.badge) plainStatuses.push(live.text);
      const bar = await page.getAttribute('progress[data-field="bar"]', 'value').catch(() => null);
      if (bar !== null) bars.push(Number(bar));
      await page.waitForTimeout(50);
    }
    expect(plainStatuses).toEqual([]);
    expect(bars).toEqual([...bars].sort((a, b) => a - b));
    // Several states on the way (SSE updates, not just the final page), the last at 100 %.
    expect(shown.size).toBeGreaterThan(2);
    expect([...shown].some((figures) => figures.includes('running'))).toBe(true);
    expect([...shown].at(-1)).toMatch(/succeeded \| {2}\| 100 % \|/);
    expect(await page.getAttribute('progress[data-field="bar"]', 'value')).toBe('100');
    expect(await page.textContent('[data-field="status"]')).toContain('succeeded');
    await page.screenshot({ path: path.join(shots, 'run-page.png'), fullPage: false });

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('a.button[href$="archive.zip"]')]);
    const zipPath = path.join(at.dataDir, 'browser.zip');
    await download.saveAs(zipPath);
    const zipped = await unzipAll(zipPath);

    const cliOut = path.join(at.dataDir, 'cli-out');
    const cli = await runInProcess(
      [
        'export',
        '--config',
        path.join(at.dataDir, 'runs', String(runId), 'job.json'),
        '--out',
        cliOut,
        '--state',
        path.join(at.dataDir, 'cli.db'),
        '--base-url',
        at.sandbox.url,
        '--rate',
        String(RATE),
        '--quiet',
      ],
      { env: { ETHERSCAN_API_KEY: at.sandbox.apiKey }, cwd: at.dataDir },
    );
    expect(cli.code).toBe(0);
    const cliFiles = (fs.readdirSync(cliOut, { recursive: true }) as string[])
      .filter((name) => fs.statSync(path.join(cliOut, name)).isFile())
      .map((name) => name.split(path.sep).join('/'))
      .sort();
    // The zip holds what the CLI writes plus the workspace's review.csv (the CLI has no review state).
    expect([...zipped.keys()].filter((name) => name !== REVIEW_FILE).sort()).toEqual(cliFiles);
    expect(cliFiles.length).toBeGreaterThan(3);
    for (const name of cliFiles) {
      const cliBytes = fs.readFileSync(path.join(cliOut, name));
      if (name === 'manifest.json')
        expect(comparableManifest(zipped.get(name)?.toString('utf8') ?? '{}')).toBe(comparableManifest(cliBytes.toString('utf8')));
      else expect([name, zipped.get(name)?.equals(cliBytes)]).toEqual([name, true]);
    }

    // A share link, opened in a fresh context without logging in.
    await page.click('form[data-form="share"] button[type="submit"]');
    const shareUrl = await page.getAttribute('[data-share-url] a', 'href', { timeout: 10_000 });
    expect(shareUrl).toMatch(/\/s\/[A-Za-z0-9_-]{43}$/);

    // The reconcile report, started from the book page.
    await page.goto(`${at.server.url}/books/${(await at.workspace.data.getRun(runId))?.bookId}`);
    await page.selectOption('form[data-form="run"] select[name="kind"]', 'reconcile');
    await Promise.all([page.waitForURL(/\/runs\/\d+$/), page.click('form[data-form="run"] button[type="submit"]')]);
    await page.waitForSelector('a.button[href$="/reconcile"]', { timeout: 60_000 });
    await Promise.all([page.waitForURL(/\/reconcile$/), page.click('a.button[href$="/reconcile"]')]);
    const rows = await page.$$('table.reconcile tbody tr');
    expect(rows.length).toBeGreaterThan(3);
    expect(await page.textContent('table.spam-table')).toContain('GIFT');

    // Closing 2025 from the book page: the run page lists the filed files, the book page the closed period and its hashes.
    const bookUrl = `${at.server.url}/books/${(await at.workspace.data.getRun(runId))?.bookId}`;
    await page.goto(bookUrl);
    await page.fill('form[data-close] input[name="year"]', '2025');
    await page.check('form[data-close] input[value="ledger"]');
    page.once('dialog', (dialog) => void dialog.accept());
    await Promise.all([page.waitForURL(/\/runs\/\d+$/), page.click('form[data-close] button[type="submit"]')]);
    await page.waitForSelector('table.files a[href$="/files/filed.json"]', { timeout: 60_000 });
    await page.goto(bookUrl);
    expect(await page.textContent('[data-closed="2025"] h3')).toContain('2025: 2025-01-01 to 2025-12-31');
    expect(await page.textContent('[data-closed="2025"] table.files')).toContain('ledger.csv');
    expect(await page.getAttribute('[data-closed="2025"] table.files button.copy', 'data-copy')).toMatch(/^[0-9a-f]{64}$/);

    await page.goto(`${at.server.url}/`);
    await page.screenshot({ path: path.join(shots, 'books-list.png'), fullPage: false });

    const stranger = await at.browser.newContext({ acceptDownloads: true });
    const sharedPage = await stranger.newPage();
    await sharedPage.goto(new URL(shareUrl ?? '', at.server.url).href);
    expect(await sharedPage.textContent('h1')).toContain('Client <b>Müller</b>');
    const [shared] = await Promise.all([sharedPage.waitForEvent('download'), sharedPage.click('a[href$="/files/ledger.csv"]')]);
    const sharedPath = path.join(at.dataDir, 'shared-ledger.csv');
    await shared.saveAs(sharedPath);
    expect(fs.readFileSync(sharedPath).equals(fs.readFileSync(path.join(cliOut, 'ledger.csv')))).toBe(true);

    // The admin sees the download and revokes the link; the stranger's next visit is a 404.
    await page.goto(`${at.server.url}/runs/${runId}`);
    expect(await page.textContent('table.shares tbody tr td.num')).toBe('1');
    page.once('dialog', (dialog) => void dialog.accept());
    await Promise.all([page.waitForEvent('load'), page.click('button[data-action="revoke"]')]);
    expect(await page.textContent('table.shares tbody')).toContain('revoked');
    expect((await sharedPage.goto(shareUrl ?? ''))?.status()).toBe(404);
    await stranger.close();

    // Logging out ends the session on the server: the books page sends the browser to the login page again.
    await Promise.all([page.waitForURL(`${at.server.url}/login`), page.click('button[data-action="logout"]')]);
    await page.goto(`${at.server.url}/`);
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
    expect(pageErrors).toEqual([]);
  });
});

import { expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { browserWorkspace } from '../support/browserWorkspace.js';
import { e2eWorld } from '../support/e2eWorld.js';
import { CHROMIUM } from '../support/chromium.js';
import { describeWithPrograms } from '../support/outsideProgram.js';

const PASSWORD = 'book form password';
/** What only the command line knows: flags, the job file, the `ledgerscan` command, V8's JSON parser. */
const CLI_WORDS = /--[a-z]|job\.json|job file|\(file:|'ledgerscan |in JSON at position/;
const CONTRACT = '0x00000000000000000000000000000000000000aa';

describeWithPrograms('the book form in headless Chromium (issue 26.7)', [CHROMIUM], () => {
  const world = e2eWorld();
  const address = world.wallets[0]?.address ?? '';

  const at = browserWorkspace('book-form', { world, users: [{ name: 'accountant', role: 'admin', password: PASSWORD }] });

  const form = 'form[data-form="book"]';
  const errorFor = async (page: Page, field: string): Promise<string> =>
    (await page.textContent(`${form} [data-error-for="${field}"]`)) ?? '';
  /** The text a refusal puts in `selector`, once it is there. */
  const shown = async (page: Page, selector: string): Promise<string> => {
    await page.locator(selector).filter({ hasText: /\S/ }).waitFor();
    return (await page.textContent(selector)) ?? '';
  };
  const chainBox = (page: Page, name: string) => page.locator(`${form} fieldset.chains label`, { hasText: name }).locator('input');

  it('picks chains by name and the zone from a list, edits labels and spam lists as rows, and shows each refusal beside its field in the page words', async () => {
    const context = await at.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${at.server.url}/login`);
    await page.fill('input[name="user"]', 'accountant');
    await page.fill('input[name="password"]', PASSWORD);
    await Promise.all([page.waitForURL(`${at.server.url}/`), page.click('button[type="submit"]')]);

    await page.fill(`${form} input[name="name"]`, '  Client Form  ');
    await page.fill(`${form} textarea[name="wallets"]`, `${address} Main`);
    expect(await chainBox(page, 'Ethereum Mainnet').isChecked()).toBe(true);
    await chainBox(page, 'OP Mainnet').check();
    expect(await page.locator(`${form} select[name="timezone"] option`).first().getAttribute('value')).toBe('UTC');
    await page.selectOption(`${form} select[name="timezone"]`, 'Europe/Berlin');
    await page.click(`${form} [data-rows="labels"] button[data-action="add-row"]`);
    await page.fill(`${form} [data-rows="labels"] tbody tr:last-child input[name="address"]`, '0x12');
    await page.fill(`${form} [data-rows="labels"] tbody tr:last-child input[name="label"]`, ' Exchange ');
    await page.click(`${form} [data-rows="spam-deny"] button[data-action="add-row"]`);
    await page.fill(`${form} [data-rows="spam-deny"] tbody tr:last-child input`, CONTRACT);

    // A bad label address: the message stands beside the labels, in the page's words.
    await page.click(`${form} button[type="submit"]`);
    const labelError = await shown(page, `${form} [data-error-for="labels"]`);
    expect(labelError).toMatch(/labels key "0x12"/);
    expect(labelError).not.toMatch(CLI_WORDS);
    expect(await page.textContent(`${form} [data-error]`)).toBe('');

    // No chain ticked: the message stands beside the chains, and the labels' one is gone.
    await page.fill(`${form} [data-rows="labels"] tbody tr:last-child input[name="address"]`, address);
    await chainBox(page, 'Ethereum Mainnet').uncheck();
    await chainBox(page, 'OP Mainnet').uncheck();
    await page.click(`${form} button[type="submit"]`);
    expect(await shown(page, `${form} [data-error-for="chains"]`)).toMatch(/chains is empty/);
    expect(await errorFor(page, 'chains')).not.toMatch(CLI_WORDS);
    expect(await errorFor(page, 'labels')).toBe('');

    await chainBox(page, 'Ethereum Mainnet').check();
    await chainBox(page, 'OP Mainnet').check();
    // The book's currency and price sources, in priority order; an unknown source is named beside them.
    expect(await page.inputValue(`${form} input[name="sources"]`)).toBe('defillama');
    await page.selectOption(`${form} select[name="currency"]`, 'EUR');
    await page.fill(`${form} input[name="sources"]`, 'etherscan, pricesRUs');
    await page.click(`${form} button[type="submit"]`);
    expect(await shown(page, `${form} [data-error-for="valuation"]`)).toMatch(/pricesRUs.* is not a price source/);
    await page.fill(`${form} input[name="sources"]`, 'etherscan, defillama');
    await Promise.all([page.waitForURL(/\/books\/\d+$/), page.click(`${form} button[type="submit"]`)]);
    const bookId = Number(new URL(page.url()).pathname.split('/')[2]);
    expect((await at.workspace.data.getBook(bookId))?.data).toEqual({
      name: 'Client Form',
      wallets: [{ address, label: 'Main' }],
      chains: [1, 10],
      timezone: 'Europe/Berlin',
      labels: { [address]: 'Exchange' },
      spam: { allow: [], deny: [CONTRACT] },
      valuation: { currency: 'EUR', sources: ['etherscan', 'defillama'] },
    });
    expect(await page.inputValue(`${form} select[name="currency"]`)).toBe('EUR');

    // The edit form shows the book as rows and picks; a removed row is gone from the book.
    expect(await page.inputValue(`${form} [data-rows="labels"] tbody tr input[name="label"]`)).toBe('Exchange');
    expect(await page.inputValue(`${form} select[name="timezone"]`)).toBe('Europe/Berlin');
    expect(await chainBox(page, 'OP Mainnet').isChecked()).toBe(true);
    await page.click(`${form} [data-rows="labels"] tbody tr button[data-action="remove-row"]`);
    // The page is on the book's URL already, so waiting for that URL waited for nothing: under a loaded CI run the
    // book was read before the change was saved. Wait for the save itself, then for the page it reloads.
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && new URL(response.url()).pathname === `/api/books/${bookId}`,
    );
    const reloaded = page.waitForEvent('load');
    await page.click(`${form} button[type="submit"]`);
    expect((await saved).ok()).toBe(true);
    await reloaded;
    expect((await at.workspace.data.getBook(bookId))?.data.labels).toEqual({});

    // Cost basis: on, with a method over the profile's; uk per wallet refused beside it; off removes it from the book.
    const saveBook = async (): Promise<void> => {
      const patched = page.waitForResponse((response) => response.request().method() === 'PATCH');
      const loaded = page.waitForEvent('load');
      await page.click(`${form} button[type="submit"]`);
      expect((await patched).ok()).toBe(true);
      await loaded;
    };
    expect(await page.isChecked(`${form} input[name="cost-basis"]`)).toBe(false);
    await page.check(`${form} input[name="cost-basis"]`);
    await page.selectOption(`${form} select[name="tax-profile"]`, 'de');
    await page.selectOption(`${form} select[name="basis-method"]`, 'uk');
    await page.click(`${form} button[type="submit"]`);
    const basisError = await shown(page, `${form} [data-error-for="costBasis"]`);
    expect(basisError).toMatch(/method uk \(costBasis\.method\) cannot pool per wallet \(the de profile\)/);
    expect(basisError).not.toMatch(CLI_WORDS);
    await page.selectOption(`${form} select[name="basis-method"]`, 'hifo');
    await saveBook();
    expect((await at.workspace.data.getBook(bookId))?.data.costBasis).toEqual({ profile: 'de', method: 'hifo' });
    expect(await page.inputValue(`${form} select[name="basis-method"]`)).toBe('hifo');
    // A dated change as a row: kept, shown again, and audited on its own, old → new.
    const changes = `${form} [data-rows="basis-changes"]`;
    await page.click(`${changes} button[data-action="add-row"]`);
    await page.fill(`${changes} tbody tr:last-child input[name="from"]`, '2026-01-01');
    await page.fill(`${changes} tbody tr:last-child input[name="method"]`, 'fifo');
    await saveBook();
    const changed = { profile: 'de', method: 'hifo', changes: [{ from: '2026-01-01', method: 'fifo' }] };
    expect((await at.workspace.data.getBook(bookId))?.data.costBasis).toEqual(changed);
    expect(await page.inputValue(`${changes} tbody tr input[name="from"]`)).toBe('2026-01-01');
    const [audited] = await at.workspace.data.audit.newest({ book: bookId, action: 'book.cost_basis_changed' }, { limit: 1 });
    expect(audited).toMatchObject({ before: { profile: 'de', method: 'hifo' }, after: changed });
    await page.uncheck(`${form} input[name="cost-basis"]`);
    await saveBook();
    expect((await at.workspace.data.getBook(bookId))?.data.costBasis).toBeUndefined();

    // A run without templates: the message stands beside the templates, without --template.
    await page.selectOption('form[data-form="run"] select[name="kind"]', 'export');
    await page.fill('form[data-form="run"] input[name="year"]', '2025');
    await page.click('form[data-form="run"] button[type="submit"]');
    const templatesError = await shown(page, 'form[data-form="run"] [data-error-for="templates"]');
    expect(templatesError).toMatch(/templates: none chosen/);
    expect(templatesError).not.toMatch(CLI_WORDS);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

import { expect, it } from '@jest/globals';
import { browserWorkspace } from '../support/browserWorkspace.js';
import { browserLogin, CHROMIUM } from '../support/chromium.js';
import { e2eWorld } from '../support/e2eWorld.js';
import { describeWithPrograms } from '../support/outsideProgram.js';
import { labelledWorldBook } from '../support/workspaceHarness.js';

const PASSWORD = 'entries test password';

describeWithPrograms('the transactions page in headless Chromium (issue 28.1, 28.4)', [CHROMIUM], () => {
  const world = e2eWorld();
  let bookId: number;

  const at = browserWorkspace(
    'entries-browser',
    { world, rate: 2000, runs: true, users: [{ name: 'accountant', role: 'admin', password: PASSWORD }] },
    async (workspace) => {
      bookId = (await workspace.addBook(labelledWorldBook(world))).id;
      await workspace.startRun(bookId, { kind: 'export', period: { year: 2025 }, templates: ['ledger'] });
      await workspace.queue.idle();
    },
  );

  it('filters to one wallet and category, finds a hash, sets a review status; fits 1,280 and 390 px', async () => {
    const { context, page, pageErrors } = await browserLogin(at.browser, at.server.url, {
      user: 'accountant',
      password: PASSWORD,
      width: 1280,
    });
    // The books list's count opens what is left to review; the filters start from the whole table.
    await Promise.all([page.waitForURL(/\/entries\?spam=false&review=unreviewed$/), page.click(`a[href^="/books/${bookId}/entries"]`)]);
    await page.goto(`${at.server.url}/books/${bookId}/entries`);
    const wallet = world.wallets[1]?.address.toLowerCase() ?? '';
    const expected = await at.workspace.entries.page(bookId, { wallet, category: 'transfer' }, null, 1000);
    expect(expected.total).toBeGreaterThan(1);

    await page.selectOption('form.filters select[name="wallet"]', wallet);
    await page.fill('form.filters input[name="category"]', 'transfer');
    await Promise.all([page.waitForURL(/category=transfer/), page.click('form.filters button[type="submit"]')]);
    expect(await page.getAttribute('[data-total]', 'data-total')).toBe(String(expected.total));
    const legs = await page.$$eval('table.entries tr.leg', (rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim() ?? '')),
    );
    expect(legs.length).toBe(Math.min(expected.total, 100));
    // An admin's rows start with the box that ticks a leg for a correction of several.
    for (const cells of legs) expect([cells[1], cells[7]]).toEqual(['Wallet 2', 'transfer']);
    // The value with its currency and the price's source as a label, or why there is none: the run's own valuation.
    const values = expected.entries
      .slice(0, 100)
      .map(({ cells }) =>
        cells.value === '' ? (cells.value_state ?? '') : `${cells.value} ${cells.price_currency} ${cells.price_source}`,
      );
    expect(legs.map((cells) => cells[5])).toEqual(values);
    expect(values.filter((value) => value.endsWith(' USD defillama')).length).toBeGreaterThan(0);
    expect(await page.$eval('html', (root) => root.scrollWidth)).toBeLessThanOrEqual(1280);

    const hash = expected.entries[0]?.cells.tx_hash ?? '';
    await page.fill('form.filters input[name="q"]', hash);
    await Promise.all([page.waitForURL(/q=0x/), page.click('form.filters button[type="submit"]')]);
    const found = await page.$$eval('table.entries tr.leg', (rows) => rows.map((row) => row.getAttribute('data-entry')));
    expect(found).toEqual(expected.entries.filter((entry) => entry.cells.tx_hash === hash).map((entry) => entry.entryId));
    expect(await page.getAttribute(`table.entries tr.tx-head a.hash`, 'title')).toBe(hash);

    // A row carries no form: its "Edit" opens the page's one dialog, filled for that leg.
    const first = `table.entries tr.leg[data-entry="${found[0] ?? ''}"]`;
    await page.click(`${first} button[data-action="correct"]`);
    await page.selectOption('dialog[data-correction] form[data-form="review"] select[name="status"]', 'flagged');
    await Promise.all([page.waitForEvent('load'), page.click('dialog[data-correction] form[data-form="review"] button')]);
    expect(await page.textContent(`${first} .status`)).toBe('flagged');
    // The rows carry no form: the dialog's three, and the view's bulk review and bulk correction forms above the table.
    expect(await page.$$eval('form[data-form]', (forms) => forms.map((form) => form.getAttribute('data-form')).sort())).toEqual([
      'bulk-review',
      'bulk-rule',
      'note',
      'review',
      'rule',
    ]);

    // The ticked legs open the same dialog, for a rule on their ids only; with none ticked it says so.
    await page.click('button[data-action="correct-ticked"]');
    expect(await page.textContent('p.correct-ticked [data-error]')).toContain('tick the legs to correct first');
    await page.check(`${first} input[name="pick"]`);
    await page.click('button[data-action="correct-ticked"]');
    expect(await page.textContent('[data-correction-title]')).toBe('Correct 1 ticked leg');
    expect(await page.isVisible('dialog[data-correction] form[data-form="review"]')).toBe(false);
    expect(await page.$eval('dialog[data-correction] input[name="value"]', (input) => (input as unknown as { value: string }).value)).toBe(
      found[0],
    );
    await page.click('dialog[data-correction] form[method="dialog"] button');
    expect(await page.isVisible('dialog[data-correction]')).toBe(false);

    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${at.server.url}/books/${bookId}/entries`);
    expect(await page.$eval('html', (root) => root.scrollWidth)).toBe(390);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('corrects a category from the table: a rule shown at once, in the next export with rule:<id> in the note, audited by name', async () => {
    const { context, page, pageErrors } = await browserLogin(at.browser, at.server.url, {
      user: 'accountant',
      password: PASSWORD,
      width: 1280,
    });
    const received = (await at.workspace.entries.page(bookId, { category: 'transfer' }, null, 1000)).entries.find(
      (entry) => entry.cells.direction === 'in' && entry.cells.spam === '',
    );
    expect(received).toBeDefined();
    const entryId = received?.entryId ?? '';
    await page.goto(`${at.server.url}/books/${bookId}/entries?q=${received?.cells.tx_hash ?? ''}`);
    const row = `table.entries tr.leg[data-entry="${entryId}"]`;
    await page.click(`${row} button[data-action="correct"]`);
    const dialog = 'dialog[data-correction] form[data-form="rule"]';
    await page.selectOption(`${dialog} select[name="action"]`, 'category:airdrop');
    await page.fill(`${dialog} input[name="reason"]`, 'claimed drop');
    await Promise.all([page.waitForEvent('load'), page.click(`${dialog} button[type="submit"]`)]);

    const [rule] = await at.workspace.data.bookRules(bookId);
    expect(rule).toMatchObject({
      rule: { match: { entries: [entryId] }, category: 'airdrop' },
      reason: 'claimed drop',
      author: 'accountant',
    });
    const cells = await page.$eval(row, (tr) => [...tr.querySelectorAll('td')].map((cell) => cell.textContent?.trim() ?? ''));
    expect([cells[7], cells[9]]).toEqual(['airdrop', expect.stringContaining(`rule:${rule?.id}`)]);

    const run = await at.workspace.startRun(bookId, { kind: 'export', period: { year: 2025 }, templates: ['ledger'] });
    await at.workspace.queue.idle();
    const ledger = await (await page.request.get(`${at.server.url}/api/runs/${run?.id}/files/ledger.csv`)).text();
    const line = ledger.split('\n').find((text) => text.includes(entryId)) ?? '';
    expect(line).toContain(',airdrop,');
    expect(line).toContain(`rule:${rule?.id}`);

    const [audited] = await at.workspace.data.audit.newest({ book: bookId, action: 'rule.added' }, { limit: 1 });
    expect(audited).toMatchObject({ user: 'accountant', target: `rule ${rule?.id}` });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

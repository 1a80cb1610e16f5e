import { expect, it } from '@jest/globals';
import { e2eWorld } from '../support/e2eWorld.js';
import { browserWorkspace } from '../support/browserWorkspace.js';
import { browserLogin, CHROMIUM } from '../support/chromium.js';
import { describeWithPrograms } from '../support/outsideProgram.js';
import { worldBook } from '../support/workspaceHarness.js';

const PASSWORD = 'gains page password';
const EXPORT = { kind: 'export' as const, period: { year: 2025 }, templates: ['ledger'] };

describeWithPrograms('the gains page in headless Chromium', [CHROMIUM], () => {
  const world = e2eWorld();
  let bookId: number;

  const at = browserWorkspace(
    'gains-page',
    { world, rate: 1000, runs: true, users: [{ name: 'accountant', role: 'admin', password: PASSWORD }] },
    async (workspace) => {
      bookId = (await workspace.addBook({ ...worldBook(world), valuation: { currency: 'USD' }, costBasis: { method: 'fifo' } })).id;
      const run = await workspace.startRun(bookId, EXPORT);
      await workspace.queue.idle();
      expect(await workspace.data.getRun(run?.id ?? 0)).toMatchObject({ error: null, status: 'succeeded' });
    },
  );

  it('walks from a disposal to its lots and their rows, fixes an issue from the worklist, runs again and sees the gains change', async () => {
    const { context, page, pageErrors } = await browserLogin(at.browser, at.server.url, {
      user: 'accountant',
      password: PASSWORD,
      width: 1280,
    });
    await page.goto(`${at.server.url}/books/${bookId}`);
    await page.click('a[href$="/gains"]');
    const disposals = async (): Promise<number> => Number(await page.locator('[data-total]').getAttribute('data-total'));
    const before = await disposals();
    expect(before).toBeGreaterThan(0);
    const allGain = async (): Promise<string> => (await page.locator('tr[data-all] td').nth(4).textContent()) ?? '';
    const gainBefore = await allGain();

    // A disposal whose trail takes a lot some entry acquired: its arithmetic, and the lot's row in the transactions table.
    const trails = await page.locator('a[data-trail]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    let lotRow = 0;
    for (const trail of trails.slice(0, 20)) {
      await page.goto(`${at.server.url}${trail}`);
      lotRow = await page.locator('tr[data-piece="lot"]').count();
      if (lotRow > 0) break;
    }
    expect(lotRow).toBeGreaterThan(0);
    const piece = page.locator('tr[data-piece="lot"]').first();
    expect(await piece.locator('[data-arithmetic]').textContent()).toMatch(/^[0-9.,]+ USD.* × [0-9.]+ ÷ [0-9.]+ = [0-9.,-]+ USD$/);
    expect(await page.locator('[data-gain]').textContent()).toMatch(/ − .* − .* = /);
    const lotId = (await piece.getAttribute('data-lot')) ?? '';
    await Promise.all([page.waitForURL(/\/entries\?/), piece.locator('a[data-entry-link]').click()]);
    await page.locator(`tr[data-entry="${lotId}"]`).waitFor();

    // The worklist: an outgoing transfer nobody categorised becomes a payment (a book rule), and saving it runs the
    // book again, as a price or an opening lot saved there does.
    await page.goto(`${at.server.url}/books/${bookId}/gains`);
    const issue = page.locator('tr[data-issue="unclassified_out"]').first();
    const entryId = (await issue.getAttribute('data-entry')) ?? '';
    const form = issue.locator('form[data-form="rule"]');
    await form.locator('select[name="action"]').selectOption('category:payment_out');
    await form.locator('input[name="reason"]').fill('paid the supplier');
    await Promise.all([page.waitForURL(/\/runs\/\d+$/), form.locator('button[type="submit"]').click()]);
    expect((await at.workspace.data.bookRules(bookId)).map((rule) => rule.reason)).toEqual(['paid the supplier']);
    const rerun = Number(/\/runs\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    const first = (await at.workspace.data.runsOfBook(bookId)).at(-1);
    expect([first?.id === rerun, (await at.workspace.data.getRun(rerun))?.request]).toEqual([false, first?.request]);
    await at.workspace.queue.idle();
    await page.goto(`${at.server.url}/books/${bookId}/gains`);
    expect(await disposals()).toBe(before + 1);
    expect(await allGain()).not.toBe(gainBefore);
    expect(await page.locator(`tr[data-issue][data-entry="${entryId}"]`).count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 240_000);
});

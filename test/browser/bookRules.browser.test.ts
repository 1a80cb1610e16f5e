import { expect, it } from '@jest/globals';
import { browserWorkspace } from '../support/browserWorkspace.js';
import { e2eWorld } from '../support/e2eWorld.js';
import { CHROMIUM } from '../support/chromium.js';
import { describeWithPrograms } from '../support/outsideProgram.js';
import { worldBook } from '../support/workspaceHarness.js';

const PASSWORD = 'rules form password';
const TX = `0x${'12'.repeat(32)}`;

describeWithPrograms('the book page’s rules in headless Chromium', [CHROMIUM], () => {
  const world = e2eWorld();
  let bookId: number;

  const at = browserWorkspace(
    'rules-form',
    { world, users: [{ name: 'accountant', role: 'admin', password: PASSWORD }] },
    async (workspace) => {
      bookId = (await workspace.addBook(worldBook(world))).id;
    },
  );

  it('adds a rule with its reason, says when it matches nothing, shows a refusal beside its field, and deletes it when asked', async () => {
    const context = await at.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await page.goto(`${at.server.url}/login`);
    await page.fill('input[name="user"]', 'accountant');
    await page.fill('input[name="password"]', PASSWORD);
    await Promise.all([page.waitForURL(`${at.server.url}/`), page.click('button[type="submit"]')]);
    await page.goto(`${at.server.url}/books/${bookId}`);

    const form = 'form[data-form="rule"]';
    await page.selectOption(`${form} select[name="criterion"]`, 'tx');
    await page.fill(`${form} input[name="value"]`, '0xabc');
    await page.selectOption(`${form} select[name="action"]`, 'category:airdrop');
    await page.fill(`${form} input[name="reason"]`, 'claimed drop');
    await page.click(`${form} button[type="submit"]`);
    await page.locator(`${form} [data-error-for="match"]`).filter({ hasText: /\S/ }).waitFor();
    expect(await page.textContent(`${form} [data-error-for="match"]`)).toMatch(/rule\.match\.tx "0xabc" is not a transaction hash/);

    await page.fill(`${form} input[name="value"]`, TX);
    await Promise.all([page.waitForEvent('load'), page.click(`${form} button[type="submit"]`)]);
    expect(dialogs).toEqual([expect.stringMatching(/^Saved, but note:\nrule \d+ matches no entry of the book's stored ledger/)]);
    const [rule] = await at.workspace.data.bookRules(bookId);
    expect(rule).toMatchObject({ rule: { match: { tx: TX }, category: 'airdrop' }, reason: 'claimed drop', author: 'accountant' });
    const row = page.locator(`tr[data-rule="${rule?.id}"]`);
    expect(await row.textContent()).toMatch(/airdrop\s*claimed drop\s*accountant/);

    await Promise.all([page.waitForEvent('load'), row.locator('button[data-action="delete-rule"]').click()]);
    expect(dialogs[1]).toMatch(/^Delete rule \d+\?/);
    expect(await at.workspace.data.bookRules(bookId)).toEqual([]);
    expect(await page.locator('tr[data-rule]').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

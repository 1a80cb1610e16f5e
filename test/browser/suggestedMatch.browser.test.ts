import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { Decimal } from '../../src/ledger/money.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import type { BookEntry, EntryFilter } from '../../src/workspace/entries/BookEntries.js';
import { browserWorkspace } from '../support/browserWorkspace.js';
import { browserLogin, CHROMIUM } from '../support/chromium.js';
import { E2E_CHAINS } from '../support/e2eWorld.js';
import { describeWithPrograms } from '../support/outsideProgram.js';
import { worldBook } from '../support/workspaceHarness.js';

const PASSWORD = 'suggested match password';

describeWithPrograms('a suggested transfer accepted in headless Chromium (issue 46.2)', [CHROMIUM], () => {
  // The e2e world's chains at full scale: it pairs every own transfer itself, and has plain transfers that could be one
  // move through an exchange once the address the first went to is labelled an exchange deposit.
  const world = generateWorld({ seed: 1, scale: 1, chains: E2E_CHAINS });
  let bookId: number;

  const at = browserWorkspace(
    'suggested-match',
    { world, rate: 2000, runs: true, users: [{ name: 'accountant', role: 'admin', password: PASSWORD }] },
    async (workspace) => {
      bookId = (await workspace.addBook(worldBook(world))).id;
      const sync = (await workspace.startRun(bookId, { kind: 'sync' }))?.id ?? 0;
      await workspace.queue.idle();
      expect(await workspace.data.getRun(sync)).toMatchObject({ status: 'succeeded' });
    },
  );

  const view = async (filter: EntryFilter): Promise<BookEntry[]> => (await at.workspace.entries.page(bookId, filter, null, 1000)).entries;

  it('accepts a suggested own transfer on the book page, and the next export has both legs as that rule made them', async () => {
    // The world's own transfers are paired by the ledger: a send to an exchange deposit and a receipt a fee less is left to suggest.
    // Legs of 2025, the year the export below writes.
    const year = { from: Date.parse('2025-01-01T00:00:00Z') / 1000, to: Date.parse('2025-12-24T00:00:00Z') / 1000 };
    const plain = await view({ ...year, category: 'transfer', spam: false });
    const pair = plain
      .filter((sent) => sent.cells.direction === 'out')
      .flatMap((sent) =>
        plain
          .filter((arrived) => {
            const share = new Decimal(arrived.cells.amount ?? '0').div(sent.cells.amount ?? '1');
            const elapsed = arrived.timestamp - sent.timestamp;
            const same = (name: string) => arrived.cells[name] === sent.cells[name];
            return (
              arrived.cells.direction === 'in' &&
              same('asset') &&
              same('decimals') &&
              (arrived.cells.asset_contract === '') === (sent.cells.asset_contract === '') &&
              (!same('chain_id') || same('asset_contract')) &&
              arrived.cells.token_id === '' &&
              elapsed > 0 &&
              elapsed < 8 * 24 * 3600 - 60 &&
              share.lte(1) &&
              share.gte(0.951)
            );
          })
          .map((arrived) => [sent, arrived] as const),
      )[0];
    if (pair === undefined) throw new Error('the e2e world has a send and a later receipt a fee apart');
    const [sent] = pair;
    await at.workspace.updateBook(bookId, { labels: { [sent.cells.counterparty ?? '']: 'Exchange deposit' } });
    const book = await at.workspace.data.getBook(bookId);
    await at.workspace.refreshEntries(book!);

    const { context, page, pageErrors } = await browserLogin(at.browser, at.server.url, {
      user: 'accountant',
      password: PASSWORD,
      width: 1280,
    });
    await page.goto(`${at.server.url}/books/${bookId}`);
    const row = page.locator(`tr[data-suggestion^="${sent.entryId}."]`);
    expect(await row.textContent()).toContain('Exchange deposit');
    const id = (await row.getAttribute('data-suggestion')) ?? '';
    await Promise.all([page.waitForEvent('load'), row.locator('button[data-action="accept-suggestion"]').click()]);
    expect(await page.locator(`tr[data-suggestion="${id}"]`).count()).toBe(0);
    const rule = (await at.workspace.data.bookRules(bookId)).find((one) => one.rule.category === 'own_transfer');
    expect(rule?.rule.match).toEqual({ entries: id.split('.') });

    const next = (await at.workspace.startRun(bookId, { kind: 'export', period: { year: 2025 }, templates: ['ledger'] }))?.id ?? 0;
    await at.workspace.queue.idle();
    expect((await at.workspace.data.getRun(next))?.status).toBe('succeeded');
    const legs = (
      parse(fs.readFileSync(path.join(at.workspace.stores.outDir(next), 'ledger.csv'), 'utf8'), { columns: true }) as Record<
        string,
        string
      >[]
    ).filter((one) => id.split('.').includes(one.entry_id ?? ''));
    expect(legs.map((one) => [one.entry_id, one.category, one.note?.split(' ').includes(`rule:${rule?.id}`)]).sort()).toEqual(
      id
        .split('.')
        .map((entryId) => [entryId, 'own_transfer', true])
        .sort(),
    );
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

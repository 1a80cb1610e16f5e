import { expect, it } from '@jest/globals';
import { browserWorkspace } from '../support/browserWorkspace.js';
import { browserLogin, CHROMIUM } from '../support/chromium.js';
import { e2eWorld } from '../support/e2eWorld.js';
import { describeWithPrograms } from '../support/outsideProgram.js';
import { worldBook } from '../support/workspaceHarness.js';

const PASSWORD = 'history test password';

describeWithPrograms("an entry's history and its notes on the transactions page, in headless Chromium (issue 46.4)", [CHROMIUM], () => {
  const world = e2eWorld();
  let bookId: number;

  const at = browserWorkspace(
    'history-browser',
    {
      world,
      rate: 2000,
      runs: true,
      users: [
        { name: 'accountant', role: 'admin', password: PASSWORD },
        { name: 'reader', role: 'viewer', password: PASSWORD },
      ],
    },
    async (workspace) => {
      bookId = (await workspace.addBook(worldBook(world))).id;
      await workspace.startRun(bookId, { kind: 'export', period: { year: 2025 }, templates: ['ledger'] });
      await workspace.queue.idle();
    },
  );

  it('a note added, edited and deleted from the page, each change in the history dialog with who; a reader sees the history, not the buttons', async () => {
    const { context, page, pageErrors } = await browserLogin(at.browser, at.server.url, {
      user: 'accountant',
      password: PASSWORD,
      width: 1280,
    });
    const { entries } = await at.workspace.entries.page(bookId, { category: 'transfer' }, null, 1);
    const entry = entries[0];
    if (entry === undefined) throw new Error('no transfer');
    const entriesUrl = `${at.server.url}/books/${bookId}/entries?q=${entry.cells.tx_hash ?? ''}`;
    await page.goto(entriesUrl);
    const row = `table.entries tr.leg[data-entry="${entry.entryId}"]`;

    await page.click(`${row} button[data-action="correct"]`);
    await page.fill('dialog[data-correction] form[data-form="note"] input[name="text"]', 'invoice 17');
    await Promise.all([page.waitForEvent('load'), page.click('dialog[data-correction] form[data-form="note"] button')]);
    expect(await page.textContent(`${row} .note .note-text`)).toBe('invoice 17');

    page.once('dialog', (asked) => void asked.accept('invoice 18, not 17'));
    await Promise.all([page.waitForEvent('load'), page.click(`${row} button[data-action="edit-note"]`)]);
    expect(await page.$$eval(`${row} .note .note-text`, (notes) => notes.map((note) => note.textContent))).toEqual(['invoice 18, not 17']);

    await page.click(`${row} button[data-action="history"]`);
    await page.waitForSelector('dialog[data-history] li[data-change="note.edited"]');
    const lines = await page.$$eval('dialog[data-history] li', (items) => items.map((item) => item.textContent ?? ''));
    expect(lines.map((line) => line.split(' · ').slice(1))).toEqual([
      ['accountant', expect.stringMatching(/^note \d+ edited$/)],
      ['accountant', expect.stringMatching(/^note \d+ added$/)],
    ]);
    await page.click('dialog[data-history] form[method="dialog"] button');

    page.once('dialog', (asked) => void asked.accept());
    await Promise.all([page.waitForEvent('load'), page.click(`${row} button[data-action="delete-note"]`)]);
    expect(await page.$$(`${row} .note`)).toEqual([]);
    await page.click(`${row} button[data-action="history"]`);
    await page.waitForSelector('dialog[data-history] li[data-change="note.deleted"]');
    expect(await page.$$eval('dialog[data-history] li', (items) => items.map((item) => item.getAttribute('data-change')))).toEqual([
      'note.deleted',
      'note.edited',
      'note.added',
    ]);
    expect(await page.textContent('dialog[data-history]')).not.toContain('invoice');
    expect(pageErrors).toEqual([]);
    await context.close();

    const reader = await browserLogin(at.browser, at.server.url, { user: 'reader', password: PASSWORD, width: 1280 });
    await reader.page.goto(entriesUrl);
    expect(await reader.page.$$(`${row} button[data-action="edit-note"], ${row} button[data-action="delete-note"]`)).toEqual([]);
    // Viewers read: the entry's history too (a line per change, no old texts).
    await reader.page.click(`${row} button[data-action="history"]`);
    await reader.page.waitForSelector('dialog[data-history] li[data-change="note.deleted"]');
    expect(await reader.page.$$eval('dialog[data-history] li', (items) => items.length)).toBe(3);
    expect(reader.pageErrors).toEqual([]);
    await reader.context.close();
  });
});

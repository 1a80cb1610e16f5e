import { expect, it } from '@jest/globals';
import { browserWorkspace } from '../support/browserWorkspace.js';
import { browserLogin, CHROMIUM } from '../support/chromium.js';
import { e2eWorld } from '../support/e2eWorld.js';
import { describeWithPrograms } from '../support/outsideProgram.js';
import { worldBook } from '../support/workspaceHarness.js';

const PASSWORD = 'eur table password';

describeWithPrograms('the transactions table of a EUR book with its values filled in (issue 47.1)', [CHROMIUM], () => {
  const world = e2eWorld();
  let bookId: number;

  const at = browserWorkspace(
    'eur-table-browser',
    { world, rate: 2000, runs: true, users: [{ name: 'accountant', role: 'admin', password: PASSWORD }] },
    async (workspace) => {
      bookId = (await workspace.addBook({ ...worldBook(world, 'EUR client'), valuation: { currency: 'EUR' } })).id;
      // The export fetches the prices and the ECB's rates: the table's value cells are filled from them.
      await workspace.startRun(bookId, { kind: 'export', period: { year: 2025 }, templates: ['ledger'] });
      await workspace.queue.idle();
    },
  );

  // Before the fix the table was 1,288 px in its 1,202 px box: the value cell's source label kept it on one line.
  it('fits its box at 1,280 px with EUR values in the cells, the rate and its date in the tooltip', async () => {
    const { context, page, pageErrors } = await browserLogin(at.browser, at.server.url, {
      user: 'accountant',
      password: PASSWORD,
      width: 1280,
    });
    await page.goto(`${at.server.url}/books/${bookId}/entries?from=2025-01-01&to=2025-12-31&spam=false`);
    const cells = await page.$$eval('table.entries tr.leg td.value', (found) =>
      found.map((cell) => ({ text: cell.textContent?.trim() ?? '', title: cell.getAttribute('title') ?? '' })),
    );
    const valued = cells.filter((cell) => / EUR /.test(cell.text));
    // Most rows of the view are valued in EUR: a table of "not fetched" cells would measure nothing.
    expect(valued.length).toBeGreaterThan(cells.length / 2);
    // The label is the source's short name; the rate and its date are in the tooltip only.
    for (const cell of valued) {
      expect(cell.text).toMatch(/^[0-9.]+ EUR [a-z]+$/);
      expect(cell.title).toMatch(/; ECB [0-9.]+ USD per EUR of \d{4}-\d{2}-\d{2}$/);
    }
    const widths = await page.$eval('table.entries', (table) => ({ table: table.scrollWidth, box: table.parentElement?.clientWidth ?? 0 }));
    expect(widths.table).toBeLessThanOrEqual(widths.box);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

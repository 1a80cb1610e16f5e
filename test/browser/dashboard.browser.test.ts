import { expect, it } from '@jest/globals';
import { browserWorkspace } from '../support/browserWorkspace.js';
import { browserLogin, CHROMIUM } from '../support/chromium.js';
import { e2eWorld } from '../support/e2eWorld.js';
import { describeWithPrograms } from '../support/outsideProgram.js';
import { worldBook } from '../support/workspaceHarness.js';

const PASSWORD = 'dashboard test password';

describeWithPrograms('the books list as a dashboard in headless Chromium (issue 46.5)', [CHROMIUM], () => {
  const world = e2eWorld();

  const at = browserWorkspace(
    'dashboard-browser',
    { world, rate: 2000, runs: true, users: [{ name: 'accountant', role: 'admin', password: PASSWORD }] },
    async (workspace) => {
      const year = (await workspace.addBook(worldBook(world, 'Year client'))).id;
      const quarter = (await workspace.addBook(worldBook(world, 'Quarter client'))).id;
      await workspace.startRun(year, { kind: 'export', period: { year: 2025 }, templates: ['ledger'] });
      await workspace.startRun(quarter, { kind: 'export', period: { from: '2025-04-01', to: '2025-06-30' }, templates: ['ledger'] });
      await workspace.queue.idle();
      const { entries } = await workspace.entries.page(year, { spam: false }, null, 3);
      for (const entry of entries)
        await workspace.entries.reviews.setReview(year, entry.entryId, 'flagged', 'accountant', '2026-01-01T00:00:00Z');
    },
  );

  it('every count of every client opens the transactions table showing exactly that many entries; the headers sort the list', async () => {
    const { context, page, pageErrors } = await browserLogin(at.browser, at.server.url, {
      user: 'accountant',
      password: PASSWORD,
      width: 1280,
    });
    const figures = await page.$$eval('table.books a[data-figure]', (links) =>
      links.map((link) => ({
        href: link.getAttribute('href') ?? '',
        count: Number(link.getAttribute('data-count')),
        name: link.getAttribute('data-figure'),
      })),
    );
    // Both clients have something to review and transfers to classify; the year's three flagged legs are listed.
    expect(figures.filter((figure) => figure.name === 'to-review').length).toBe(2);
    expect(figures.filter((figure) => figure.name === 'unclassified').length).toBe(2);
    expect(figures).toContainEqual(expect.objectContaining({ name: 'flagged-review', count: 3 }));
    for (const figure of figures) {
      await page.goto(`${at.server.url}${figure.href}`);
      expect([figure.name, figure.href, Number(await page.getAttribute('[data-total]', 'data-total'))]).toEqual([
        figure.name,
        figure.href,
        figure.count,
      ]);
    }

    await page.goto(`${at.server.url}/`);
    const clients = async (): Promise<string[]> =>
      page.$$eval('table.books tbody tr td:first-child a', (links) => links.map((link) => link.textContent ?? ''));
    // Most to review first: the whole year before its one quarter.
    expect(await clients()).toEqual(['Year client', 'Quarter client']);
    await Promise.all([page.waitForURL(/sort=name&order=asc$/), page.click('a[data-sort="name"]')]);
    expect(await clients()).toEqual(['Quarter client', 'Year client']);
    await Promise.all([page.waitForURL(/sort=name&order=desc$/), page.click('a[data-sort="name"]')]);
    expect(await clients()).toEqual(['Year client', 'Quarter client']);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

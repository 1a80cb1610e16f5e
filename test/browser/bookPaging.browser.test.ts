import { expect, it } from '@jest/globals';
import { browserWorkspace } from '../support/browserWorkspace.js';
import { browserLogin, CHROMIUM } from '../support/chromium.js';
import { describeWithPrograms } from '../support/outsideProgram.js';

const PASSWORD = 'paging test password';
const BOOKS = 55;
const name = (index: number): string => `Client ${String(index).padStart(3, '0')}`;

describeWithPrograms('the books list a page at a time in headless Chromium (issue 45)', [CHROMIUM], () => {
  const at = browserWorkspace(
    'book-paging-browser',
    { users: [{ name: 'accountant', role: 'admin', password: PASSWORD }] },
    async (workspace) => {
      for (let index = 1; index <= BOOKS; index += 1)
        await workspace.addBook({ name: name(index), wallets: [{ address: `0x${String(index).padStart(40, '0')}` }], chains: [1] });
    },
  );

  it('pages forward and back through every client, and finds one by name', async () => {
    const { context, page, pageErrors } = await browserLogin(at.browser, at.server.url, {
      user: 'accountant',
      password: PASSWORD,
      width: 1280,
    });
    const clients = async (): Promise<string[]> =>
      page.$$eval('table.books tbody tr td:first-child a', (links) => links.map((link) => link.textContent ?? ''));
    await page.goto(`${at.server.url}/?sort=name`);
    const first = await clients();
    expect(first).toHaveLength(50);
    await Promise.all([page.waitForURL(/page=2/), page.click('a[data-page="next"]')]);
    const second = await clients();
    expect([...first, ...second]).toEqual(Array.from({ length: BOOKS }, (_, index) => name(index + 1)));
    expect(await page.textContent('.pager span')).toBe(`51–${BOOKS} of ${BOOKS}`);
    await Promise.all([page.waitForURL((url) => !url.search.includes('page=')), page.click('a[data-page="previous"]')]);
    expect(await clients()).toEqual(first);
    await page.fill('.book-find input[name="name"]', 'client 042');
    await Promise.all([page.waitForURL(/name=client/), page.click('.book-find button')]);
    expect(await clients()).toEqual(['Client 042']);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

import { expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { browserWorkspace } from '../support/browserWorkspace.js';
import { CHROMIUM } from '../support/chromium.js';
import { describeWithPrograms } from '../support/outsideProgram.js';

const PASSWORD = 'browser test password';
const book = (name: string) => ({
  name,
  wallets: [{ address: '0x00000000000000000000000000000000000000aa' }],
  chains: [1],
  timezone: 'UTC',
});

describeWithPrograms('assigning a book to staff from its page', [CHROMIUM], () => {
  const ids = { a: 0, b: 0 };
  const at = browserWorkspace(
    'book-staff',
    {
      users: [
        { name: 'keeper', role: 'admin', password: PASSWORD },
        { name: 'pat', role: 'staff', password: PASSWORD },
      ],
    },
    async (workspace) => {
      ids.a = (await workspace.addBook(book('Client A'))).id;
      ids.b = (await workspace.addBook(book('Client B'))).id;
    },
  );

  async function loggedIn(user: string): Promise<Page> {
    const page = await (await at.browser.newContext()).newPage();
    await page.goto(`${at.server.url}/login`);
    await page.fill('input[name="user"]', user);
    await page.fill('input[name="password"]', PASSWORD);
    await Promise.all([page.waitForURL(`${at.server.url}/`), page.click('button[type="submit"]')]);
    return page;
  }

  it('an admin ticks a staff member on the book; that member then finds that book only', async () => {
    const admin = await loggedIn('keeper');
    await admin.goto(`${at.server.url}/books/${ids.a}`);
    await Promise.all([admin.waitForURL(`${at.server.url}/books/${ids.a}/staff`), admin.click('a[href$="/staff"]')]);
    await admin.check('input[name="users"][value="pat"]');
    await Promise.all([admin.waitForEvent('load'), admin.click('form[data-form="book-staff"] button[type="submit"]')]);
    expect(await admin.isChecked('input[name="users"][value="pat"]')).toBe(true);
    expect((await at.workspace.data.bookStaff(ids.a)).map((user) => user.name)).toEqual(['pat']);

    const staff = await loggedIn('pat');
    const list = (await staff.textContent('main')) ?? '';
    expect([list.includes('Client A'), list.includes('Client B')]).toEqual([true, false]);
    expect((await staff.goto(`${at.server.url}/books/${ids.a}`))?.status()).toBe(200);
    expect((await staff.goto(`${at.server.url}/books/${ids.b}`))?.status()).toBe(404);
  });
});

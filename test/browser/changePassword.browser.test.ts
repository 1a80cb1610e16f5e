import { expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { browserWorkspace } from '../support/browserWorkspace.js';
import { browserLogin, CHROMIUM } from '../support/chromium.js';
import { describeWithPrograms } from '../support/outsideProgram.js';

describeWithPrograms("one's own password, the users and the audit log in the browser", [CHROMIUM], () => {
  const at = browserWorkspace('change-password', {
    users: [
      { name: 'reader', role: 'viewer', password: 'old password 1' },
      { name: 'boss', role: 'admin', password: 'boss password 1' },
    ],
  });

  const loggedIn = (password: string, width = 1280, user = 'reader'): Promise<Page> =>
    browserLogin(at.browser, at.server.url, { user, password, width }).then(({ page }) => page);

  it('from the name in the header: a wrong current password is said beside it, a good change keeps this tab and logs out the other', async () => {
    const other = await loggedIn('old password 1');
    const page = await loggedIn('old password 1', 390);
    await Promise.all([page.waitForURL(`${at.server.url}/account`), page.click('header a[href="/account"]')]);
    expect(await page.$eval('html', (root) => root.scrollWidth)).toBeLessThanOrEqual(390);

    await page.fill('input[name="current"]', 'not my password');
    await page.fill('input[name="password"]', 'new password 22');
    await page.fill('input[name="repeat"]', 'new password 22');
    await page.click('button[type="submit"]');
    await page.locator('[data-error-for="current"]', { hasText: 'the current password is wrong' }).waitFor();

    await page.fill('input[name="current"]', 'old password 1');
    await page.fill('input[name="repeat"]', 'new password 23');
    await page.click('button[type="submit"]');
    await page.locator('[data-error-for="repeat"]', { hasText: 'the two new passwords differ' }).waitFor();

    await page.fill('input[name="repeat"]', 'new password 22');
    await page.click('button[type="submit"]');
    await page.locator('[data-done]').waitFor({ state: 'visible' });

    await page.goto(`${at.server.url}/`);
    expect(page.url()).toBe(`${at.server.url}/`);
    await other.goto(`${at.server.url}/`);
    expect(other.url()).toBe(`${at.server.url}/login`);
    await loggedIn('new password 22');
    const [entry] = await at.workspace.data.audit.newest({ action: 'user.password_changed' }, { limit: 1 });
    expect(entry).toMatchObject({ user: 'reader', via: 'session', after: { sessionsEnded: 1 } });
  });

  it('an admin adds a user, resets their password, and finds both in the audit log; the pages fit 1,280 and 390 px', async () => {
    const page = await loggedIn('boss password 1', 1280, 'boss');
    page.on('dialog', (dialog) => void dialog.accept());
    await Promise.all([page.waitForURL(`${at.server.url}/users`), page.click('header a[href="/users"]')]);
    await page.fill('form[data-form="user-add"] input[name="name"]', 'Temp <b>helper</b>');
    await page.fill('form[data-form="user-add"] input[name="password"]', 'helper password 1');
    await Promise.all([page.waitForLoadState('load'), page.click('form[data-form="user-add"] button[type="submit"]')]);
    const row = page.locator('tr', { hasText: 'Temp <b>helper</b>' });
    await row.waitFor();
    await row.locator('input[name="password"]').fill('helper password 2');
    await row.locator('form[data-form="user-reset"] button').click();
    await row.locator('[data-error]', { hasText: 'reset; 0 session(s) ended' }).waitFor();

    await page.goto(`${at.server.url}/audit?user=boss`);
    const actions = await page.$$eval('table.audit td code', (cells) => cells.map((cell) => cell.textContent));
    expect(actions).toEqual(expect.arrayContaining(['user.password_reset', 'user.created', 'login']));
    for (const route of ['/audit', '/users', '/account']) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${at.server.url}${route}`);
        expect([route, width, await page.$eval('html', (root) => root.scrollWidth)]).toEqual([route, width, width]);
      }
    }
  });
});

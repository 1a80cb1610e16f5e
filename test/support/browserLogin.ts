import type { Browser, BrowserContext, Page } from 'playwright-core';

/** A fresh browser context logged in through the login page at `width` px; the page's script errors collect in `pageErrors`. */
export async function browserLogin(browser: Browser, url: string, login: { user: string; password: string; width: number }): Promise<{ context: BrowserContext; page: Page; pageErrors: string[] }> {
  const context = await browser.newContext({ viewport: { width: login.width, height: 900 } });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${url}/login`);
  await page.fill('input[name="user"]', login.user);
  await page.fill('input[name="password"]', login.password);
  await Promise.all([page.waitForURL(`${url}/`), page.click('button[type="submit"]')]);
  return { context, page, pageErrors };
}

import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { findProgram } from './outsideProgram.js';

/** The program browser tests need (`describeWithPrograms`). */
export const CHROMIUM = { command: 'chromium', debianPackage: 'chromium' };

/** Headless Chromium, the system's own. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: findProgram(CHROMIUM.command) ?? CHROMIUM.command,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh browser context logged in through the login page at `width` px; the page's script errors collect in `pageErrors`. */
export async function browserLogin(
  browser: Browser,
  url: string,
  login: { user: string; password: string; width: number },
): Promise<{ context: BrowserContext; page: Page; pageErrors: string[] }> {
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

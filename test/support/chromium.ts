import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { findProgram } from './outsideProgram.js';

/** The program browser tests need (`describeWithPrograms`). */
export const CHROMIUM = { command: 'chromium', debianPackage: 'chromium' };

/** Headless Chromium, the system's own. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: findProgram(CHROMIUM.command) ?? CHROMIUM.command, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
}

/** A fresh context of `width` px logged in through the login page, on the books list. */
export async function logInPage(browser: Browser, url: string, user: string, password: string, width = 1280): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height: 800 } })).newPage();
  await page.goto(`${url}/login`);
  await page.fill('input[name="user"]', user);
  await page.fill('input[name="password"]', password);
  await Promise.all([page.waitForURL(`${url}/`), page.click('button[type="submit"]')]);
  return page;
}

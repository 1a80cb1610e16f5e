import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { findProgram } from './outsideProgram.js';

/** The headless browser of the page tests, as `describeWithPrograms` needs it named. */
export const CHROMIUM = { command: 'chromium', debianPackage: 'chromium' };

/** Headless Chromium without a sandbox, GPU, first-run or background traffic: the page tests' browser. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: findProgram(CHROMIUM.command) ?? CHROMIUM.command, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
}

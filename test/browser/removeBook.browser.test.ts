import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import { hashPassword } from '../../src/workspace/secrets.js';
import type { Workspace } from '../../src/workspace/Workspace.js';
import { e2eWorld } from '../support/e2eWorld.js';
import { describeWithPrograms, findProgram } from '../support/outsideProgram.js';
import type { Served } from '../support/serverHarness.js';
import { serve } from '../support/serverHarness.js';
import { openWorkspace, tempDir, worldBook } from '../support/workspaceHarness.js';

const CHROMIUM = { command: 'chromium', debianPackage: 'chromium' };
const PASSWORD = 'browser test password';

describeWithPrograms('removing a book from its page', [CHROMIUM], () => {
  const world = e2eWorld();
  let sandbox: Sandbox;
  let workspace: Workspace;
  let server: Served;
  let browser: Browser;

  beforeAll(async () => {
    sandbox = await startSandbox({ world, rate: 1000 });
    workspace = openWorkspace(tempDir('remove-book'), sandbox, { now: () => new Date('2026-06-01T02:00:00Z') }, 1000);
    await workspace.start({ scheduler: false });
    await workspace.data.addUser('accountant', 'admin', await hashPassword(PASSWORD));
    server = await serve(workspace);
    browser = await chromium.launch({ executablePath: findProgram(CHROMIUM.command) ?? CHROMIUM.command, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await workspace?.close();
    await sandbox?.close();
  });

  async function loggedIn(): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.url}/login`);
    await page.fill('input[name="user"]', 'accountant');
    await page.fill('input[name="password"]', PASSWORD);
    await Promise.all([page.waitForURL(`${server.url}/`), page.click('button[type="submit"]')]);
    return page;
  }

  it('asks before deleting or archiving, and a dismissed question changes nothing', async () => {
    const page = await loggedIn();
    const plain = (await workspace.addBook(worldBook(world, 'Plain client'))).id;
    const filed = (await workspace.addBook(worldBook(world, 'Filed client'))).id;
    await workspace.startRun(filed, { kind: 'close', period: { year: 2025 }, templates: ['ledger'] });
    await workspace.queue.idle();

    const questions: string[] = [];
    let answer = false;
    page.on('dialog', (dialog) => {
      questions.push(dialog.message());
      void (answer ? dialog.accept() : dialog.dismiss());
    });

    await page.goto(`${server.url}/books/${plain}`);
    await page.click('button[data-action="remove-book"]');
    expect(questions.pop()).toMatch(/^Delete “Plain client” with all its runs/);
    await page.waitForTimeout(300);
    expect(await workspace.data.getBook(plain)).toBeDefined();
    answer = true;
    await Promise.all([page.waitForURL(`${server.url}/`), page.click('button[data-action="remove-book"]')]);
    expect(await workspace.data.getBook(plain)).toBeUndefined();

    await page.goto(`${server.url}/books/${filed}`);
    await Promise.all([page.waitForURL(`${server.url}/`), page.click('button[data-action="remove-book"]')]);
    expect(questions.pop()).toMatch(/^Archive “Filed client”\? It has 1 closed period/);
    expect(await page.textContent('body')).not.toContain('Filed client');
    expect((await workspace.data.getBook(filed))?.archivedAt).not.toBeNull();

    await page.goto(`${server.url}/books/${filed}`);
    await page.click('button[data-action="restore-book"]');
    await page.waitForSelector('button[data-action="remove-book"]');
    expect((await workspace.data.getBook(filed))?.archivedAt).toBeNull();
  });
});

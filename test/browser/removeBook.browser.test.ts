import { expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { browserWorkspace } from '../support/browserWorkspace.js';
import { e2eWorld } from '../support/e2eWorld.js';
import { CHROMIUM } from '../support/chromium.js';
import { describeWithPrograms } from '../support/outsideProgram.js';
import { worldBook } from '../support/workspaceHarness.js';

const PASSWORD = 'browser test password';

describeWithPrograms('removing a book from its page', [CHROMIUM], () => {
  const world = e2eWorld();

  const at = browserWorkspace('remove-book', {
    world,
    rate: 1000,
    runs: true,
    workspace: { now: () => new Date('2026-06-01T02:00:00Z') },
    users: [{ name: 'accountant', role: 'admin', password: PASSWORD }],
  });

  async function loggedIn(): Promise<Page> {
    const page = await (await at.browser.newContext()).newPage();
    await page.goto(`${at.server.url}/login`);
    await page.fill('input[name="user"]', 'accountant');
    await page.fill('input[name="password"]', PASSWORD);
    await Promise.all([page.waitForURL(`${at.server.url}/`), page.click('button[type="submit"]')]);
    return page;
  }

  it('asks before deleting or archiving, and a dismissed question changes nothing', async () => {
    const page = await loggedIn();
    const plain = (await at.workspace.addBook(worldBook(world, 'Plain client'))).id;
    const filed = (await at.workspace.addBook(worldBook(world, 'Filed client'))).id;
    await at.workspace.startRun(filed, { kind: 'close', period: { year: 2025 }, templates: ['ledger'] });
    await at.workspace.queue.idle();

    const questions: string[] = [];
    let answer = false;
    page.on('dialog', (dialog) => {
      questions.push(dialog.message());
      void (answer ? dialog.accept() : dialog.dismiss());
    });

    await page.goto(`${at.server.url}/books/${plain}`);
    await page.click('button[data-action="remove-book"]');
    expect(questions.pop()).toMatch(/^Delete “Plain client” with all its runs/);
    await page.waitForTimeout(300);
    expect(await at.workspace.data.getBook(plain)).toBeDefined();
    answer = true;
    await Promise.all([page.waitForURL(`${at.server.url}/`), page.click('button[data-action="remove-book"]')]);
    expect(await at.workspace.data.getBook(plain)).toBeUndefined();

    await page.goto(`${at.server.url}/books/${filed}`);
    await Promise.all([page.waitForURL(`${at.server.url}/`), page.click('button[data-action="remove-book"]')]);
    expect(questions.pop()).toMatch(/^Archive “Filed client”\? It has 1 closed period/);
    expect(await page.textContent('body')).not.toContain('Filed client');
    expect((await at.workspace.data.getBook(filed))?.archivedAt).not.toBeNull();

    await page.goto(`${at.server.url}/books/${filed}`);
    await page.click('button[data-action="restore-book"]');
    await page.waitForSelector('button[data-action="remove-book"]');
    expect((await at.workspace.data.getBook(filed))?.archivedAt).toBeNull();
  });
});

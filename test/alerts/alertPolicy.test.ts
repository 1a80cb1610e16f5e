import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Alert } from '../../src/alerts/Alert.js';
import { runCli } from '../../src/cli/main.js';
import type { Workspace } from '../../src/workspace/Workspace.js';
import { e2eWorld } from '../support/e2eWorld.js';
import { captureIo } from '../support/captureIo.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver.js';
import { openWorkspace, worldBook } from '../support/workspaceHarness.js';

const SECRET = 'policy-alerts-secret-0123456789';
const NO_API = { url: 'http://127.0.0.1:9/v2/api', apiKey: 'unused-key' };
const world = e2eWorld();
let dir: string;
let hook: WebhookReceiver;

function alerts(): Alert[] {
  return hook.received.map(({ body }) => JSON.parse(body) as Alert);
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-alert-policy-'));
  hook = await startWebhookReceiver();
});

afterAll(async () => {
  await hook.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** One policy (README, Alerts): a failure alerts when nobody watches the run. */
describe('the alert policy on failures', () => {
  it('on the CLI: a failed diff (made for cron, as reconcile) alerts; a failed export does not', async () => {
    const env = { LEDGERSCAN_WEBHOOK_URL: hook.url, LEDGERSCAN_WEBHOOK_SECRET: SECRET, ETHERSCAN_API_KEY: 'sandbox-key' };
    const job = [
      '--base-url',
      NO_API.url,
      '--chain',
      '1',
      '--address',
      world.wallets[0]?.address ?? '',
      '--state',
      path.join(dir, 'cli.db'),
      '--quiet',
    ];
    hook.received.length = 0;
    const diff = captureIo(dir, env);
    expect(await runCli(['diff', '--since-filed', '2025', '--template', 'ledger', '--out', path.join(dir, 'diff'), ...job], diff)).toBe(2);
    expect(alerts()).toEqual([expect.objectContaining({ kind: 'run-failed', summary: 'ledgerscan diff failed (exit 2)' })]);
    expect(diff.stderrText()).toMatch(/^alert run-failed by webhook: delivered after 1 attempt\n/);

    const exported = captureIo(dir, env);
    const out = path.join(dir, 'export');
    fs.writeFileSync(out, 'a file where the out folder should be');
    expect(await runCli(['export', '--year', '2025', '--template', 'ledger', '--out', out, ...job], exported)).toBe(2);
    expect(alerts()).toHaveLength(1);
  });

  // A failed scheduled run's alert: test/server/closePeriod.test.ts.
  it('in the workspace: a failed run someone started alerts nobody', async () => {
    const clock = new Date('2026-06-01T03:00:00Z');
    const dataDir = path.join(dir, 'workspace');
    const workspace: Workspace = openWorkspace(dataDir, NO_API, {
      now: () => clock,
      alerts: { webhook: { url: hook.url, secret: SECRET } },
    });
    hook.received.length = 0;
    try {
      const book = await workspace.addBook(worldBook(world, 'Broken store'));
      // The book's data folder is a file: its store cannot be opened, so every run of it fails.
      fs.mkdirSync(path.join(dataDir, 'books'), { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'books', String(book.id)), 'not a folder');
      await workspace.start({ scheduler: false });
      const manual = await workspace.startRun(book.id, { kind: 'reconcile' });
      await workspace.queue.idle();
      expect(await workspace.data.getRun(manual?.id ?? 0)).toMatchObject({ status: 'failed', trigger: 'manual', summary: null });
      expect(alerts()).toHaveLength(0);
    } finally {
      await workspace.close();
    }
  });
});

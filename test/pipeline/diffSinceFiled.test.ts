import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import type { Alert } from '../../src/alerts/Alert.js';
import { verifyWebhook } from '../../src/alerts/webhookSignature.js';
import { runCli } from '../../src/cli/main.js';
import type { OmittedRecord } from '../../src/sandbox/AccountLists.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import { e2eWorld, exportArgs, tempDir } from '../support/e2eWorld.js';
import { captureIo } from '../support/captureIo.js';
import { heldInternalTransfer } from '../support/heldRecord.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver.js';

type Row = Record<string, string>;
const SECRET = 'diff-alerts-secret-0123456789abcdef';
let world: World;
let sandbox: Sandbox;
let dir: string;
let state: string;
let held: OmittedRecord;
let hooks: WebhookReceiver['received'];
let hook: WebhookReceiver;
let env: NodeJS.ProcessEnv;

/** The e2e job for 2025 as `command` (close or diff), one out dir per call. */
async function run(
  command: 'close' | 'diff',
  name: string,
  extra: readonly string[] = [],
): Promise<{ code: number; stdout: string; stderr: string; out: string }> {
  const out = path.join(dir, name);
  const args = exportArgs(world, { url: sandbox.url, apiKey: sandbox.apiKey, out, state }, extra);
  args[0] = command;
  const io = captureIo(dir, env);
  const code = await runCli(args, io);
  return { code, stdout: io.stdoutText(), stderr: io.stderrText(), out };
}

function diffRows(out: string): Row[] {
  return parse(fs.readFileSync(path.join(out, 'diff.csv'), 'utf8'), { columns: true }) as Row[];
}

beforeAll(async () => {
  world = e2eWorld();
  dir = tempDir('diff');
  state = path.join(dir, 'books', 'state.db');
  hook = await startWebhookReceiver();
  hooks = hook.received;
  env = { LEDGERSCAN_WEBHOOK_URL: hook.url, LEDGERSCAN_WEBHOOK_SECRET: SECRET };

  // An incoming internal transfer of 2025 that the explorer has not indexed yet when the period is filed.
  held = await heldInternalTransfer(world);
  sandbox = await startSandbox({ world, rate: 1000, omit: [held] });
});

afterAll(async () => {
  await sandbox.close();
  await hook.close();
  fs.chmodSync(path.join(dir, 'books', 'filed', '2025'), 0o755);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('close → reveal → diff --since-filed → alert', () => {
  it('closes 2025 while the transfer is held back, and a diff finds nothing to report', async () => {
    expect((await run('close', 'unused')).code).toBe(0);
    const same = await run('diff', 'diff-before', ['--since-filed', '2025']);
    expect(same.code).toBe(0);
    expect(same.stdout).toMatch(
      /since 2025 was filed \(closed .*, the period fetched again from the API\): nothing changed in \d+ files; the filed figures still stand/,
    );
    expect(diffRows(same.out)).toEqual([]);
    expect(hooks).toHaveLength(0);
  });

  it('names exactly the revealed entry and every template row it changes, and sends one signed alert', async () => {
    sandbox.reveal([held]);
    const changed = await run('diff', 'diff-after', ['--since-filed', '2025']);
    expect(changed.code).toBe(1);
    const rows = diffRows(changed.out);
    const ledger = rows.filter((row) => row.file === 'ledger.csv');
    // The held-back record is the ETH a router sent back: a new entry, and the wallet's transfer in that transaction becomes a trade.
    expect(ledger.every((row) => row.tx_hash === held.hash)).toBe(true);
    const added = ledger.filter((row) => row.change === 'added');
    expect(added.length).toBeGreaterThan(0);
    expect(added.every((row) => row.reason === 'not in the filed run: the API lists it now')).toBe(true);
    for (const row of ledger.filter((candidate) => candidate.change === 'changed')) {
      expect(row.reason).toMatch(/^its transaction gained a record the API lists now: /);
    }
    // Koinly's per-wallet files change only in rows of that transaction.
    const koinly = rows.filter((row) => (row.file as string).startsWith('koinly'));
    expect(koinly.length).toBeGreaterThan(0);
    expect(koinly.every((row) => row.tx_hash === held.hash)).toBe(true);
    // The receiving wallet's native closing balance is the only balance that moves.
    const balances = rows.filter((row) => row.file === 'closing-balances.csv');
    expect(balances.map((row) => [row.change, row.columns])).toEqual([['changed', 'balance balance_raw value']]);
    expect(changed.stdout).toMatch(/ledger\.csv: \+\d+ −0 ~\d+/);
    expect(changed.stdout).toContain('ADDED entry');
    expect(changed.stdout).toContain(held.hash);

    expect(hooks).toHaveLength(1);
    const [{ body, signature }] = hooks as [{ body: string; signature: string }];
    expect(verifyWebhook(SECRET, body, signature, Math.floor(Date.now() / 1000))).toBe(true);
    const alert = JSON.parse(body) as Alert;
    expect(alert.kind).toBe('changed-since-filed');
    expect((alert.details.ledgerEntries as { txHash: string }[]).every((entry) => entry.txHash === held.hash)).toBe(true);
  });

  it('sends nothing on the next night when nothing new was found, and still exits 1', async () => {
    const again = await run('diff', 'diff-again', ['--since-filed', '2025']);
    expect(again.code).toBe(1);
    expect(hooks).toHaveLength(1);
    expect(again.stderr).toContain('no alert: the same changes as the last diff of this period');
  });

  it('refuses a period that was never closed, naming how to close it', async () => {
    const none = await run('diff', 'diff-none', ['--since-filed', '2024']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('period 2024 is not closed');
  });
});

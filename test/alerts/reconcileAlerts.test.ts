import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Alert } from '../../src/alerts/Alert.js';
import { verifyWebhook } from '../../src/alerts/webhookSignature.js';
import { runCli } from '../../src/cli/main.js';
import { EtherscanClient } from '../../src/etherscan/EtherscanClient.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import { captureIo } from '../support/captureIo.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver.js';

const SECRET = 'nightly-alerts-secret-0123456789';
let world: World;
let dir: string;
let truth: Sandbox;
let lossy: Sandbox;
let omitted: { hash: string; wallet: string };
let received: WebhookReceiver['received'];
let hook: WebhookReceiver;
let hookUrl: string;

/** `ledgerscan reconcile` of chain 1 with alerts to the local receiver; a fresh store per name. */
async function reconcile(baseUrl: string, name: string, apiKey = 'sandbox-key'): Promise<{ code: number; stderr: string }> {
  const io = captureIo(dir, { LEDGERSCAN_WEBHOOK_URL: hookUrl, LEDGERSCAN_WEBHOOK_SECRET: SECRET, ETHERSCAN_API_KEY: apiKey });
  const code = await runCli(
    [
      'reconcile',
      '--year',
      '2025',
      '--out',
      path.join(dir, name),
      '--state',
      path.join(dir, `${name}.db`),
      '--base-url',
      baseUrl,
      '--rate',
      '1000',
      '--quiet',
      '--chain',
      '1',
      '--no-historical',
      ...world.wallets.filter((wallet) => wallet.chains.includes(1)).flatMap((wallet) => ['--address', wallet.address]),
    ],
    io,
  );
  return { code, stderr: io.stderrText() };
}

function alerts(): Alert[] {
  return received.map(({ body }) => JSON.parse(body) as Alert);
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-alerts-'));
  hook = await startWebhookReceiver();
  hookUrl = hook.url;
  received = hook.received;
  world = generateWorld({ seed: 1, scale: 0.05, chains: [1] });
  truth = await startSandbox({ world, rate: 1000 });
  const client = new EtherscanClient({ baseUrl: truth.url, apiKey: truth.apiKey, rate: 1000 });
  for (const wallet of world.wallets.filter((candidate) => candidate.chains.includes(1))) {
    const rows = await client.listPage('txlistinternal', {
      chainId: 1,
      address: wallet.address,
      startBlock: 0,
      endBlock: 99_999_999,
      offset: 10_000,
    });
    const row = rows.find((candidate) => candidate.to === wallet.address && candidate.isError === '0' && candidate.value !== '0');
    if (row !== undefined) {
      omitted = { hash: row.hash, wallet: wallet.address };
      break;
    }
  }
  lossy = await startSandbox({ world, rate: 1000, omit: [{ chainId: 1, stream: 'txlistinternal', hash: omitted.hash }] });
});

afterAll(async () => {
  await truth.close();
  await lossy.close();
  await hook.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('ledgerscan reconcile with alerts configured', () => {
  it('sends nothing when the books match the chain', async () => {
    const run = await reconcile(truth.url, 'clean');
    expect(run.code).toBe(0);
    expect(received).toHaveLength(0);
    expect(run.stderr).toBe('');
  });

  it('sends one signed alert naming the differing asset when they differ, and still exits 1', async () => {
    const run = await reconcile(lossy.url, 'lossy');
    expect(run.code).toBe(1);
    expect(received).toHaveLength(1);
    const [{ body, signature }] = received as [{ body: string; signature: string }];
    expect(verifyWebhook(SECRET, body, signature, Math.floor(Date.now() / 1000))).toBe(true);
    const [alert] = alerts() as [Alert];
    expect(alert).toMatchObject({ kind: 'reconcile-differences', summary: '1 asset balance differs from the chain' });
    expect(alert.details.differences).toEqual([expect.objectContaining({ chainId: 1, wallet: omitted.wallet, asset: 'ETH' })]);
    expect(run.stderr).toMatch(/^alert reconcile-differences by webhook: delivered after 1 attempt\n$/);
  });

  it('sends a run-failed alert when the API stops the run, without the key anywhere', async () => {
    received.length = 0;
    const run = await reconcile(truth.url, 'bad-key', 'NOT-A-VALID-KEY-9f8e7d');
    expect(run.code).toBe(3);
    const [alert] = alerts() as [Alert];
    expect(alert).toMatchObject({ kind: 'run-failed', summary: 'ledgerscan reconcile failed (exit 3)' });
    expect(received[0]?.body).not.toContain('NOT-A-VALID-KEY-9f8e7d');
    expect(run.stderr).not.toContain('NOT-A-VALID-KEY-9f8e7d');
  });

  it('refuses to start with half-configured alerts (exit 2, the variable named, nothing synced)', async () => {
    const io = captureIo(dir, { LEDGERSCAN_WEBHOOK_URL: hookUrl, ETHERSCAN_API_KEY: 'sandbox-key' });
    const code = await runCli(
      [
        'reconcile',
        '--year',
        '2025',
        '--out',
        path.join(dir, 'half'),
        '--state',
        path.join(dir, 'half.db'),
        '--base-url',
        truth.url,
        '--chain',
        '1',
        '--address',
        omitted.wallet,
      ],
      io,
    );
    expect(code).toBe(2);
    expect(io.stderrText()).toMatch(/LEDGERSCAN_WEBHOOK_SECRET must hold at least 16 characters/);
    expect(fs.existsSync(path.join(dir, 'half.db'))).toBe(false);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EtherscanClient } from '../../src/etherscan/EtherscanClient.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import { captureIo } from '../support/captureIo.js';
import { runCli } from '../../src/cli/main.js';
import { tempDir } from '../support/e2eWorld.js';
import type { CliOutcome } from '../support/runLedgerscan.js';
import { runInProcess } from '../support/runLedgerscan.js';

/** The optional actions of issue 18: an explorer without them must still serve every command. */
const OPTIONAL = ['balancehistory', 'tokenbalancehistory', 'balancemulti', 'getaddresstag'];
const SEED = 3;
const SCALE = 0.05;
const RATE = 400;

interface Served {
  url: string;
  stop: () => Promise<void>;
}

/** `ledgerscan sandbox --port 0 --disable-action …` run through the CLI in this process, until stopped. */
async function serveThroughCli(disable: readonly string[]): Promise<Served> {
  const io = captureIo(process.cwd());
  const abort = new AbortController();
  const args = ['sandbox', '--port', '0', '--seed', String(SEED), '--scale', String(SCALE), '--rate', String(RATE)];
  const running = runCli([...args, ...disable.flatMap((list) => ['--disable-action', list])], io, abort.signal);
  let url: string | undefined;
  while (url === undefined) {
    const code = await Promise.race([running, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 20))]);
    if (code !== undefined) throw new Error(`sandbox ended with ${code}: ${io.stderrText()}`);
    url = /listening on (\S+)/.exec(io.stdoutText())?.[1];
  }
  expect(io.stdoutText()).toContain(`answered as unknown actions: ${disable.join(',').split(',').join(', ')}`);
  return {
    url,
    stop: async () => {
      abort.abort();
      expect(await running).toBe(0);
    },
  };
}

let dir: string;
let world: World;

/** One command over the world's wallets on every chain, with a state file and out dir of its own. */
function command(name: string, url: string, run: string, extra: readonly string[] = []): Promise<CliOutcome> {
  const args = [
    name,
    ...world.wallets.flatMap((wallet) => ['--address', wallet.address]),
    ...world.chainIds.flatMap((chain) => ['--chain', String(chain)]),
    '--year',
    '2025',
    '--template',
    'ledger',
    '--out',
    path.join(dir, run, 'out'),
    '--state',
    path.join(dir, run, 'state.db'),
    '--base-url',
    url,
    '--api-key',
    'sandbox-key',
    '--rate',
    String(RATE),
    '--quiet',
    ...extra,
  ];
  return runInProcess(args, { cwd: dir });
}

function outFiles(run: string): string[] {
  const out = path.join(dir, run, 'out');
  return fs.existsSync(out) ? fs.readdirSync(out) : [];
}

beforeAll(() => {
  dir = tempDir('unavailable');
  world = generateWorld({ seed: SEED, scale: SCALE });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a sandbox without balancehistory, tokenbalancehistory, balancemulti and getaddresstag', () => {
  let served: Served;
  let exported: CliOutcome;
  let synced: CliOutcome;
  let reconciled: CliOutcome;

  beforeAll(async () => {
    served = await serveThroughCli(['balancehistory,tokenbalancehistory', 'balancemulti,getaddresstag']);
    exported = await command('export', served.url, 'optional-off');
    synced = await command('sync', served.url, 'optional-off');
    reconciled = await command('reconcile', served.url, 'optional-off');
  });
  afterAll(() => served.stop());

  it('answers those actions exactly as Etherscan answers an unknown one', async () => {
    for (const action of OPTIONAL) {
      const response = await fetch(
        `${served.url}?chainid=1&module=account&action=${action}&address=${world.wallets[0]?.address ?? ''}&apikey=sandbox-key`,
      );
      expect(await response.json()).toEqual({ status: '0', message: 'NOTOK', result: 'Error! Missing Or invalid Action name' });
    }
  });

  it('export and sync complete with exit 0', () => {
    expect([exported.code, exported.stderr]).toEqual([0, '']);
    expect(outFiles('optional-off')).toEqual(expect.arrayContaining(['ledger.csv', 'manifest.json']));
    expect([synced.code, synced.stderr]).toEqual([0, '']);
  });

  it('reconcile matches every asset with single balance calls and says balancemulti was unavailable, once per chain', () => {
    expect([reconciled.code, reconciled.stderr]).toEqual([0, '']);
    expect(reconciled.stdout).toMatch(/reconcile: \d+ assets \(synced to [^)]*\): \d+ match, 0 differ/);
    const multiWallet = world.chainIds.filter((chainId) => world.wallets.filter((wallet) => wallet.chains.includes(chainId)).length > 1);
    expect(multiWallet.length).toBeGreaterThan(0);
    const lines = reconciled.stdout.split('\n').filter((line) => line.startsWith('unavailable: '));
    expect(lines).toHaveLength(multiWallet.length);
    for (const line of lines)
      expect(line).toMatch(
        /^unavailable: balancemulti on .+ \(the API does not serve account\.balancemulti: Error! Missing Or invalid Action name\)$/,
      );
    const json = JSON.parse(fs.readFileSync(path.join(dir, 'optional-off', 'out', 'reconcile.json'), 'utf8')) as {
      allMatch: boolean;
      unavailableFeatures: { feature: string; chainId: number }[];
    };
    expect(json.allMatch).toBe(true);
    expect(json.unavailableFeatures.map(({ feature, chainId }) => `${feature} ${chainId}`)).toEqual(
      multiWallet.map((chainId) => `balancemulti ${chainId}`),
    );
  });
});

describe('the same explorer when the books truly differ, and token balances are off too', () => {
  let sandbox: Sandbox;
  let reconciled: CliOutcome;
  let omitted: { chainId: number; hash: string; wallet: string };

  beforeAll(async () => {
    const truth = await startSandbox({ world, rate: RATE });
    try {
      omitted = await incomingInternalTransfer(truth);
    } finally {
      await truth.close();
    }
    sandbox = await startSandbox({
      world,
      rate: RATE,
      omit: [{ chainId: omitted.chainId, stream: 'txlistinternal', hash: omitted.hash }],
      disabledActions: [...OPTIONAL, 'tokenbalance'],
    });
    reconciled = await command('reconcile', sandbox.url, 'differs');
  });
  afterAll(() => sandbox.close());

  it('exits 1, finds the difference by its sign, and lists every refused action with its reason', () => {
    expect([reconciled.code, reconciled.stderr]).toEqual([1, '']);
    expect(reconciled.stdout).toContain(`DIFFERS`);
    expect(reconciled.stdout).toContain(omitted.wallet);
    expect(reconciled.stdout).toMatch(/\d+ other assets? without one \(balance action unavailable\)/);
    expect(reconciled.stdout).toContain(`unavailable: balancehistory on`);
    expect(reconciled.stdout).toContain(`unavailable: tokenbalance on`);
    expect(reconciled.stdout).toContain('historical balances unavailable: hints come from the sign of the difference');
    const json = JSON.parse(fs.readFileSync(path.join(dir, 'differs', 'out', 'reconcile.json'), 'utf8')) as {
      historical: string;
      unavailableFeatures: { feature: string; chainId: number; reason: string }[];
    };
    expect(json.historical).toBe('unavailable');
    expect(json.unavailableFeatures.filter((item) => item.chainId === omitted.chainId).map((item) => item.feature)).toEqual(
      expect.arrayContaining(['balancehistory', 'tokenbalance']),
    );
  });
});

describe('an explorer without a required action', () => {
  const required: readonly (readonly [string, string])[] = [
    ['txlistinternal', 'account.txlistinternal'],
    ['token1155tx', 'account.token1155tx'],
    ['eth_getTransactionReceipt', 'proxy.eth_getTransactionReceipt'],
    ['getblocknobytime', 'block.getblocknobytime'],
  ];

  it.each(required)('without %s: export exits 3 naming the action and the base URL, and writes no files', async (action, request) => {
    const sandbox = await startSandbox({ world, rate: RATE, disabledActions: [action] });
    try {
      const run = await command('export', sandbox.url, `required-${action}`);
      expect(run.code).toBe(3);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(new RegExp(`^ledgerscan: the API does not serve ${request.replace('.', '\\.')} \\(`));
      expect(run.stderr).toContain(`baseUrl: ${sandbox.url}`);
      expect(run.stderr).toContain('answer: Error! Missing Or invalid Action name');
      expect(run.stderr).not.toContain('internal error');
      expect(run.stderr).not.toContain('sandbox-key');
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(outFiles(`required-${action}`).filter((file) => file.endsWith('.csv'))).toEqual([]);
    } finally {
      await sandbox.close();
    }
  });

  it('without eth_blockNumber: sync and reconcile exit 3 naming proxy.eth_blockNumber and the base URL', async () => {
    const sandbox = await startSandbox({ world, rate: RATE, disabledActions: ['eth_blockNumber'] });
    try {
      for (const name of ['sync', 'reconcile']) {
        const run = await command(name, sandbox.url, `required-head-${name}`);
        expect(run.code).toBe(3);
        expect(run.stderr).toMatch(/^ledgerscan: the API does not serve proxy\.eth_blockNumber \(/);
        expect(run.stderr).toContain(`baseUrl: ${sandbox.url}`);
      }
    } finally {
      await sandbox.close();
    }
  });
});

describe('a chain the API plan does not serve', () => {
  it('reconcile skips and reports it, and reconciles the other chains (exit 0)', async () => {
    const sandbox = await startSandbox({ world, rate: RATE, freeTierOnly: true });
    try {
      const run = await command('reconcile', sandbox.url, 'free-tier', ['--chain', '8453']);
      expect([run.code, run.stderr]).toEqual([0, '']);
      // OP Mainnet (in the world) and Base (not) are both outside the free plan.
      for (const chainId of [10, 8453]) {
        expect(run.stdout).toMatch(
          new RegExp(`^chain ${chainId} skipped: the API refused the request: Free API access is not supported for this chain`, 'm'),
        );
      }
      expect(run.stdout).toMatch(/reconcile: \d+ assets \(synced to chain 1 block \d+, chain 42161 block \d+\): \d+ match, 0 differ/);
      const json = JSON.parse(fs.readFileSync(path.join(dir, 'free-tier', 'out', 'reconcile.json'), 'utf8')) as {
        assets: { chainId: number }[];
      };
      expect(new Set(json.assets.map((asset) => asset.chainId))).toEqual(new Set([1, 42161]));
    } finally {
      await sandbox.close();
    }
  });
});

/** An incoming internal transfer to a tracked wallet, as the API lists it: leaving it out makes a real difference. */
async function incomingInternalTransfer(sandbox: Sandbox): Promise<{ chainId: number; hash: string; wallet: string }> {
  const client = new EtherscanClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, rate: RATE });
  for (const wallet of world.wallets) {
    for (const chainId of wallet.chains) {
      const rows = await client.listPage('txlistinternal', {
        chainId,
        address: wallet.address,
        startBlock: 0,
        endBlock: 99_999_999,
        offset: 10_000,
      });
      const row = rows.find((candidate) => candidate.to === wallet.address && candidate.isError === '0' && candidate.value !== '0');
      if (row !== undefined) return { chainId, hash: row.hash, wallet: wallet.address };
    }
  }
  throw new Error('the world has no incoming internal transfer');
}

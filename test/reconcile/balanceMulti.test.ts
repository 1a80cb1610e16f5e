import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../../src/cli/main.js';
import { BALANCEMULTI_MAX } from '../../src/reconcile/compareWithChain.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import { captureIo } from '../support/captureIo.js';

/** Wallets without history fill the job up to this many on chain 1, so the batches are 20, 20 and 5. */
const WALLETS = 45;

interface Run {
  code: number;
  stdout: string;
  csv: string;
  json: { unavailableFeatures: { feature: string; chainId: number }[] } & Record<string, unknown>;
  /** Calls the sandbox saw during the reconcile, per `module.action`. */
  calls: Record<string, number>;
}

let world: World;
let dir: string;
let addresses: string[];

/** `ledgerscan reconcile` of every wallet on chain 1, on a copy of the synced store so both runs read the same ledger. */
async function reconcileWith(name: string, disabledActions: readonly string[]): Promise<Run> {
  const sandbox = await startSandbox({ world, rate: 1000, disabledActions });
  try {
    const state = path.join(dir, `${name}.db`);
    fs.copyFileSync(path.join(dir, 'synced.db'), state);
    const out = path.join(dir, name);
    const io = captureIo(dir);
    const code = await runCli(
      [
        'reconcile',
        '--year',
        '2025',
        '--out',
        out,
        '--state',
        state,
        '--base-url',
        sandbox.url,
        '--api-key',
        sandbox.apiKey,
        '--rate',
        '1000',
        '--quiet',
        '--chain',
        '1',
        ...addresses.flatMap((address) => ['--address', address]),
      ],
      io,
    );
    if (code !== 0) throw new Error(`reconcile ended with ${code}: ${io.stderrText()}`);
    return {
      code,
      stdout: io.stdoutText(),
      csv: fs.readFileSync(path.join(out, 'reconcile.csv'), 'utf8'),
      json: JSON.parse(fs.readFileSync(path.join(out, 'reconcile.json'), 'utf8')) as Run['json'],
      calls: { ...sandbox.stats.byAction },
    };
  } finally {
    await sandbox.close();
  }
}

describe('native balances with balancemulti', () => {
  let multi: Run;
  let single: Run;

  beforeAll(async () => {
    world = generateWorld({ seed: 1, scale: 0.05, chains: [1] });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-balancemulti-'));
    const tracked = world.wallets.filter((wallet) => wallet.chains.includes(1)).map((wallet) => wallet.address);
    const idle = Array.from({ length: WALLETS - tracked.length }, (_, n) => `0x${(0xb000 + n).toString(16).padStart(40, '0')}`);
    addresses = [...tracked, ...idle];
    // One full sync first, so the two reconciles below differ only in how they read balances.
    const sandbox = await startSandbox({ world, rate: 1000 });
    try {
      const io = captureIo(dir);
      const args = [
        'sync',
        '--year',
        '2025',
        '--state',
        path.join(dir, 'synced.db'),
        '--base-url',
        sandbox.url,
        '--api-key',
        sandbox.apiKey,
        '--rate',
        '1000',
        '--quiet',
        '--chain',
        '1',
      ];
      const code = await runCli([...args, ...addresses.flatMap((address) => ['--address', address])], io);
      if (code !== 0) throw new Error(`sync ended with ${code}: ${io.stderrText()}`);
    } finally {
      await sandbox.close();
    }
    multi = await reconcileWith('multi', []);
    single = await reconcileWith('single', ['balancemulti']);
  });

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it(`reads ${WALLETS} wallets in ceil(${WALLETS}/${BALANCEMULTI_MAX}) calls`, () => {
    expect(multi.calls['account.balancemulti']).toBe(Math.ceil(WALLETS / BALANCEMULTI_MAX));
    expect(multi.calls['account.balance']).toBeUndefined();
    expect(multi.json.unavailableFeatures).toEqual([]);
    expect(multi.stdout).not.toContain('unavailable');
  });

  it('falls back to one balance call per wallet after a single refused balancemulti, and says so', () => {
    expect(single.calls['account.balancemulti']).toBe(1);
    expect(single.calls['account.balance']).toBe(WALLETS);
    expect(single.json.unavailableFeatures).toEqual([expect.objectContaining({ feature: 'balancemulti', chainId: 1 })]);
    expect(single.stdout).toContain('unavailable: balancemulti on Ethereum Mainnet');
  });

  it('gives the same report either way, every wallet included', () => {
    expect(multi.csv).toBe(single.csv);
    const withoutFeatures = (json: Run['json']): Record<string, unknown> => ({ ...json, unavailableFeatures: null });
    const multiRest = withoutFeatures(multi.json);
    expect(multiRest).toEqual(withoutFeatures(single.json));
    const nativeRows = multi.csv.split('\n').filter((line) => /,native,/.test(line));
    expect(nativeRows).toHaveLength(WALLETS);
    expect(multiRest['allMatch']).toBe(true);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadJob } from '../../src/config/loadJob.js';
import { Decimal } from '../../src/ledger/money.js';
import { openJobRun } from '../../src/pipeline/JobRun.js';
import { openRunPriceOracle } from '../../src/pipeline/openRunPriceOracle.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/startSandbox.js';
import { coinPrice } from '../../src/sandbox/worldPrices.js';
import type { World } from '../../src/sandbox/World.js';

describe('openRunPriceOracle on a job served by the sandbox', () => {
  let world: World;
  let sandbox: Sandbox;
  let dir: string;

  beforeAll(async () => {
    world = generateWorld({ seed: 3, scale: 0, chains: [1, 10] });
    sandbox = await startSandbox({ world });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-run-prices-'));
  });
  afterAll(async () => {
    await sandbox.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const job = (flags: Record<string, unknown>) =>
    loadJob({
      flags: {
        address: [world.wallets[0]!.address],
        chain: ['1', '10'],
        year: '2025',
        template: ['ledger'],
        baseUrl: sandbox.url,
        apiKey: sandbox.apiKey,
        state: path.join(dir, 'state.db'),
        ...flags,
      },
      env: {},
      knownTemplates: ['ledger'],
      cwd: dir,
    });

  it("prices from the sandbox's own endpoints by default, Etherscan's daily ETH price first when asked", async () => {
    const run = openJobRun(job({ priceSource: ['etherscan', 'defillama'] }), { command: 'test' });
    try {
      const oracle = openRunPriceOracle(run, { command: 'test' })!;
      const time = Date.parse('2025-07-09T18:30:00Z') / 1000;
      const day = Date.parse('2025-07-09T00:00:00Z') / 1000;
      await oracle.prepare([
        { chainId: 1, asset: 'native', time },
        { chainId: 10, asset: 'native', time },
      ]);
      expect(oracle.priceAt({ chainId: 1, asset: 'native', time })).toMatchObject({
        found: true,
        price: new Decimal(String(coinPrice(world, 'ethereum', day)!.price)),
        currency: 'USD',
        time: day,
        source: 'etherscan',
      });
      expect(oracle.priceAt({ chainId: 1, asset: 'native', time })).not.toHaveProperty('fx');
      // Etherscan's daily price is chain 1's only: OP's ETH comes from DefiLlama, at its hour.
      expect(oracle.priceAt({ chainId: 10, asset: 'native', time })).toMatchObject({
        found: true,
        source: 'defillama',
        time: day + 18 * 3600,
      });
      expect(sandbox.stats.byAction['stats.ethdailyprice']).toBe(1);
    } finally {
      run.close();
    }
  });

  it('is undefined with --no-values', () => {
    const run = openJobRun(job({ values: false }), { command: 'test' });
    try {
      expect(openRunPriceOracle(run, { command: 'test' })).toBeUndefined();
    } finally {
      run.close();
    }
  });
});

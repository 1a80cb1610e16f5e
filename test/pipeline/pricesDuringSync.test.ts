import fs from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { runCli } from '../../src/cli/main.js';
import type { Manifest } from '../../src/output/writeManifest.js';
import type { ManifestValuation } from '../../src/pipeline/runExport.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/startSandbox.js';
import { WORLD_END, WORLD_START } from '../../src/sandbox/worldSpan.js';
import { captureIo } from '../support/captureIo.js';

const CHAINS = [1, 10, 42161];
// Slow enough that the receipts take seconds after the last list page.
const RATE = 150;
const RECEIPTS = 'proxy.eth_getTransactionReceipt';
const day = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString().slice(0, 10);

/**
 * A cold valued export asks its prices while the sync still fetches receipts (the lists give every movement and its
 * time), so the price source's pace is not added after the sync. The files, the calls and the missing list must be
 * what pricing after the sync gives.
 */
describe('prices fetched while the receipts are', () => {
  let dir: string;
  let sandbox: Sandbox;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-prices-during-sync-'));
    sandbox = await startSandbox({ world: generateWorld({ seed: 1, scale: 0.1, chains: CHAINS }), rate: RATE });
  });
  afterAll(async () => {
    await sandbox.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const args = (command: string, name: string, state: string, api = sandbox): string[] => [
    command,
    '--out',
    path.join(dir, name),
    '--state',
    path.join(dir, state),
    '--base-url',
    api.url,
    '--api-key',
    api.apiKey,
    '--rate',
    String(RATE),
    '--quiet',
    '--from',
    day(WORLD_START),
    '--to',
    day(WORLD_END - 1),
    ...(command === 'export' ? ['--template', 'ledger'] : []),
    ...sandbox.world.wallets.flatMap((wallet) => ['--address', wallet.address]),
    ...CHAINS.flatMap((chainId) => ['--chain', String(chainId)]),
  ];
  const run = async (argv: string[]): Promise<void> => {
    const io = captureIo(dir);
    expect({ code: await runCli(argv, io), stderr: io.stderrText() }).toEqual({ code: 0, stderr: '' });
  };
  const read = (name: string, file: string): string => fs.readFileSync(path.join(dir, name, file), 'utf8');
  const valuation = (name: string): ManifestValuation =>
    (JSON.parse(read(name, 'manifest.json')) as Manifest).valuation as ManifestValuation;
  const receipts = (): number => sandbox.stats.byAction[RECEIPTS] ?? 0;
  const priceCalls = (): number => sandbox.stats.priceCalls.defillama;

  it('a cold export makes its price calls before its last receipt, and writes what pricing after the sync writes', async () => {
    // Not quiet: its log says the price calls it is about to make.
    const io = captureIo(dir);
    expect(
      await runCli(
        args('export', 'during', 'during.db').filter((arg) => arg !== '--quiet'),
        io,
      ),
    ).toBe(0);
    // Receipts answered when the first price call arrived, as the sandbox counted them (a timer here would sample
    // late on a busy machine).
    const receiptsAtFirstPrice = sandbox.stats.byActionAtFirstPrice?.[RECEIPTS] ?? 0;
    const during = { receipts: receipts(), calls: priceCalls() };
    expect(during.calls).toBeGreaterThan(0);
    expect(io.stderrText()).toMatch(new RegExp(`prices: ${during.calls} defillama calls for \\d+ prices the cache lacks\n`));
    expect(sandbox.stats.byActionAtFirstPrice).toBeDefined();
    // Before the last receipt, as the title says: how far before depends on the machine's load (at load 28 a helper's
    // run saw 245 of 435 answered first), so a fraction would test the host, not the overlap.
    expect(receiptsAtFirstPrice).toBeLessThan(during.receipts);
    expect(valuation('during')).toMatchObject({ priceCalls: during.calls, expectedPriceCalls: during.calls, cacheHits: 0 });

    // The same world synced first (no valuation), then exported: every receipt stored, so prices come after.
    await run(args('sync', 'synced', 'after.db'));
    const synced = { receipts: receipts(), calls: priceCalls() };
    expect(synced.calls).toBe(during.calls);
    await run(args('export', 'after', 'after.db'));
    expect(receipts()).toBe(synced.receipts);
    expect(priceCalls() - synced.calls).toBe(during.calls);
    expect(valuation('after')).toEqual(valuation('during'));
    expect(read('during', 'ledger.csv')).toBe(read('after', 'ledger.csv'));
    expect(read('during', 'prices-missing.csv')).toBe(read('after', 'prices-missing.csv'));
    expect(read('during', 'ledger.csv')).toMatch(/,defillama,,,\d+\.\d\d,\r?\n/);

    // Warm: no price call, every bucket a cache hit, the same file.
    const before = priceCalls();
    await run(args('export', 'warm', 'during.db'));
    expect(priceCalls()).toBe(before);
    expect(valuation('warm')).toMatchObject({ priceCalls: 0, expectedPriceCalls: 0 });
    expect(valuation('warm').cacheHits).toBeGreaterThan(0);
    expect(read('warm', 'ledger.csv')).toBe(read('during', 'ledger.csv'));
  }, 120_000);

  it("a sync that fails while the prices are asked stops their calls: the failure is not held up by the source's timeout", async () => {
    // A price source that takes every request and never answers (each would time out after 15 s and be retried once).
    // Counted as connections: the CLI may cut its call before this process (busy with the sync) reads the request.
    let asked = 0;
    const silent = createServer();
    silent.on('connection', () => void (asked += 1));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    // The daily quota runs out among the receipts, well after the last list page (105 calls, then 435 receipts): the
    // prices are asked from the end of the lists on, which leaves them over a second to begin on a busy machine.
    const limited = await startSandbox({ world: sandbox.world, rate: RATE, dailyLimit: 300 });
    try {
      const io = captureIo(dir);
      const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const code = await runCli([...args('export', 'limited', 'limited.db', limited), '--price-url', `defillama=${silentUrl}`], io);
      expect({ code, stderr: io.stderrText() }).toEqual({ code: 3, stderr: expect.stringMatching(/^ledgerscan: daily API quota used up/) });
      expect(limited.stats.dailyLimited).toBeGreaterThan(0);
      // Stopped before any file: not even the --out it made is left.
      expect(fs.existsSync(path.join(dir, 'limited'))).toBe(false);
      // The prices were being asked when the sync failed, and that one call was cut off with it (its connection
      // heard here once this process gets to it).
      const heard = Date.now() + 5_000;
      while (asked === 0 && Date.now() < heard) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(asked).toBe(1);
    } finally {
      await limited.close();
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 120_000);
});

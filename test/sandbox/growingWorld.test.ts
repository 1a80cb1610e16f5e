import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { WireTx } from '../../src/etherscan/wire.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import { WORLD_END } from '../../src/sandbox/worldSpan.js';
import { call, listAll, rowsOf } from './sandboxClient.js';

const DAY = 86_400;
let world: World;
let sandbox: Sandbox;
let wallet: string;
/** The wallet's last transaction on chain 1: the head starts an hour before it. */
let last: WireTx;
let headTime: number;

beforeAll(async () => {
  world = generateWorld({ seed: 7, scale: 0.2 });
  const whole = await startSandbox({ world, rate: 100_000 });
  wallet = world.wallets[0]!.address;
  const txs = await listAll(whole, 1, 'txlist', wallet);
  await whole.close();
  last = txs.at(-1)!;
  headTime = Number(last.timeStamp) - 3600;
  expect(headTime).toBeLessThan(WORLD_END);
  sandbox = await startSandbox({ world, rate: 100_000, headTime });
});
afterAll(async () => {
  await sandbox.close();
});

const head = async (): Promise<number> =>
  Number.parseInt(String((await call(sandbox, { chainid: 1, module: 'proxy', action: 'eth_blockNumber' })).result), 16);
const withoutConfirmations = (rows: WireTx[]): string => JSON.stringify(rows.map(({ confirmations: _, ...row }) => row));

describe('a growing world', () => {
  it('serves nothing after the head, then a day more after growByDay, the rows before unchanged', async () => {
    const before = await head();
    expect(world.timestampOf(1, before)).toBeLessThanOrEqual(headTime);
    expect(world.timestampOf(1, before + 1)).toBeGreaterThan(headTime);
    const earlier = await listAll(sandbox, 1, 'txlist', wallet);
    expect(earlier.every((row) => Number(row.blockNumber) <= before)).toBe(true);
    expect(earlier.some((row) => row.hash === last.hash)).toBe(false);
    for (const action of ['txlistinternal', 'tokentx', 'tokennfttx', 'token1155tx'] as const) {
      const rows = await listAll(sandbox, 1, action, wallet);
      expect(rows.every((row) => Number(row.blockNumber) <= before)).toBe(true);
    }
    const receipt = { chainid: 1, module: 'proxy', action: 'eth_getTransactionReceipt', txhash: last.hash };
    expect((await call(sandbox, receipt)).result).toBeNull();
    const byTime = (closest: string) =>
      call(sandbox, { chainid: 1, module: 'block', action: 'getblocknobytime', timestamp: headTime + DAY, closest });
    expect((await byTime('before')).result).toBe(String(before));
    expect((await byTime('after')).status).toBe('0');
    const balance = await call(sandbox, { chainid: 1, module: 'account', action: 'balance', address: wallet, tag: 'latest' });
    expect(balance.result).toBe(world.expectedBalance(1, wallet, 'native', before).toString());
    const header = await call(sandbox, {
      chainid: 1,
      module: 'proxy',
      action: 'eth_getBlockByNumber',
      tag: `0x${(before + 1).toString(16)}`,
    });
    expect(header.result).toBeNull();

    sandbox.growByDay();
    const after = await head();
    expect(world.timestampOf(1, after)).toBeLessThanOrEqual(headTime + DAY);
    expect(after).toBeGreaterThan(before);
    const grown = await listAll(sandbox, 1, 'txlist', wallet);
    expect(grown.some((row) => row.hash === last.hash)).toBe(true);
    expect(withoutConfirmations(grown.slice(0, earlier.length))).toBe(withoutConfirmations(earlier));
    const page = { chainid: 1, module: 'account', action: 'txlist', address: wallet, endblock: before, page: 1, offset: 100, sort: 'desc' };
    expect(withoutConfirmations(rowsOf<WireTx>(await call(sandbox, page)))).toBe(withoutConfirmations(earlier.slice(-100).reverse()));
    expect((await call(sandbox, receipt)).result).not.toBeNull();
    expect(() => sandbox.advanceTo(headTime)).toThrow(/cannot move back/);
  });

  it('a sandbox without a head serves its whole world and refuses to move one', async () => {
    const whole = await startSandbox({ world, rate: 100_000 });
    try {
      expect(() => whole.growByDay()).toThrow(/start it with headTime/);
      expect((await listAll(whole, 1, 'txlist', wallet)).at(-1)!.hash).toBe(last.hash);
    } finally {
      await whole.close();
    }
  });
});

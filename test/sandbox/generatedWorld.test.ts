import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  STREAMS,
  type Wire1155Tx,
  type WireInternalTx,
  type WireNftTx,
  type WireReceipt,
  type WireTokenTx,
} from '../../src/etherscan/wire.js';
import { demoWorld } from '../../src/sandbox/demoWorld.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { SPECIALS_FROM, SPECIALS_TO, WORLD_END, WORLD_START } from '../../src/sandbox/worldSpan.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import type { Stream } from '../../src/etherscan/wire.js';
import { etherscanSample } from '../support/samples.js';
import { call, listAll } from './sandboxClient.js';

const ZERO = `0x${'0'.repeat(40)}`;

let world: World;
let sandbox: Sandbox;
let main: string;

beforeAll(async () => {
  world = generateWorld({ seed: 11, scale: 0.05 });
  sandbox = await startSandbox({ world, rate: 100_000 });
  main = world.wallets[0]!.address;
});
afterAll(async () => {
  await sandbox.close();
});

const receipts = new Map<string, WireReceipt | null>();
async function receipt(chainId: number, hash: string): Promise<WireReceipt | null> {
  const key = `${chainId}|${hash}`;
  if (!receipts.has(key)) {
    const answer = await call(sandbox, { chainid: chainId, module: 'proxy', action: 'eth_getTransactionReceipt', txhash: hash });
    receipts.set(key, (answer.result ?? null) as WireReceipt | null);
  }
  return receipts.get(key)!;
}

describe('wire records', () => {
  const samplesOf: [Stream, string][] = [
    ['txlist', 'docs-txlist.json'],
    ['txlistinternal', 'docs-txlistinternal-by-address.json'],
    ['tokentx', 'docs-tokentx.json'],
    ['tokennfttx', 'docs-tokennfttx.json'],
    ['token1155tx', 'docs-token1155tx.json'],
  ];
  it.each(samplesOf)('%s rows have exactly the field set of %s, all strings', async (stream, file) => {
    const expected = Object.keys((etherscanSample(file) as { result: object[] }).result[0]!).sort();
    const rows = await listAll(sandbox, 1, stream, main);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(expected);
      expect(Object.values(row).every((value) => typeof value === 'string')).toBe(true);
    }
  });

  it('reports confirmations as head − block and lowercase addresses', async () => {
    const head = world.chain(1)!.headBlock;
    for (const row of await listAll(sandbox, 1, 'tokentx', main)) {
      expect(Number(row.confirmations)).toBe(head - Number(row.blockNumber));
      expect(row.from).toBe(row.from.toLowerCase());
    }
  });
});

describe('every ledger case is in the world', () => {
  it('has a GENESIS allocation on mainnet', async () => {
    const genesis = (await listAll(sandbox, 1, 'txlist', main))[0]!;
    expect(genesis).toMatchObject({
      blockNumber: '0',
      hash: `GENESIS_${main.slice(2)}`,
      from: 'GENESIS',
      nonce: '',
      blockHash: '',
      txreceipt_status: '',
    });
  });

  it('has a failed tx with value whose token rows are absent', async () => {
    const failed = (await listAll(sandbox, 1, 'txlist', main)).filter((row) => row.isError === '1');
    expect(failed.some((row) => row.value !== '0' && row.txreceipt_status === '0' && Number(row.gasUsed) > 0)).toBe(true);
    const tokenHashes = new Set((await listAll(sandbox, 1, 'tokentx', main)).map((row) => row.hash));
    expect(failed.some((row) => tokenHashes.has(row.hash))).toBe(false);
  });

  it('has internal rows that failed, delegatecalls, zero values and a create', async () => {
    const internals: WireInternalTx[] = [];
    for (const wallet of world.wallets) internals.push(...(await listAll(sandbox, 1, 'txlistinternal', wallet.address)));
    expect(internals.some((row) => row.isError === '1' && row.value !== '0')).toBe(true);
    expect(internals.some((row) => row.type === 'delegatecall' && row.value !== '0')).toBe(true);
    expect(internals.some((row) => row.type === 'call' && row.value === '0' && row.isError === '0')).toBe(true);
    expect(internals.some((row) => row.type === 'create' && row.to === '' && row.contractAddress !== '')).toBe(true);
  });

  it('has Safe outflows triggered by a tx another owned wallet sent', async () => {
    const safe = world.wallets.find((w) => w.contract)!.address;
    const outflows = (await listAll(sandbox, 1, 'txlistinternal', safe)).filter(
      (row) => row.from === safe && row.type === 'call' && row.value !== '0',
    );
    const senders = new Map((await listAll(sandbox, 1, 'txlist', safe)).map((row) => [row.hash, row.from]));
    expect(outflows.length).toBeGreaterThan(0);
    expect(outflows.every((row) => senders.get(row.hash) === main)).toBe(true);
    expect((await listAll(sandbox, 1, 'tokentx', safe)).some((row) => row.from === safe)).toBe(true);
  });

  it('has own transfers, a trade, and two identical Transfer rows in one tx', async () => {
    const owned = new Set(world.wallets.map((w) => w.address));
    const txs = await listAll(sandbox, 1, 'txlist', main);
    expect(txs.some((row) => row.from === main && owned.has(row.to) && row.to !== main && row.value !== '0')).toBe(true);
    const tokens = await listAll(sandbox, 1, 'tokentx', main);
    expect(tokens.some((row) => row.from === main && owned.has(row.to) && row.to !== main)).toBe(true);
    const byHash = new Map<string, WireTokenTx[]>();
    for (const row of tokens) byHash.set(row.hash, [...(byHash.get(row.hash) ?? []), row]);
    const trade = [...byHash.values()].some(
      (rows) =>
        rows.some((r) => r.from === main) &&
        rows.some((r) => r.to === main && r.contractAddress !== rows.find((x) => x.from === main)!.contractAddress),
    );
    expect(trade).toBe(true);
    expect([...byHash.values()].some((rows) => rows.length === 2 && JSON.stringify(rows[0]) === JSON.stringify(rows[1]))).toBe(true);
  });

  it('has tokens with unknown decimals, unknown metadata, 0 decimals, spam, and an amount of 2^256 − 1', async () => {
    const tokens = await listAll(sandbox, 1, 'tokentx', main);
    expect(tokens.some((row) => row.tokenDecimal === '' && row.tokenName === '' && row.tokenSymbol === '')).toBe(true);
    expect(tokens.some((row) => row.tokenDecimal === '0' && row.tokenName === '' && row.tokenSymbol === '')).toBe(true);
    expect(tokens.some((row) => row.tokenDecimal === '0' && row.tokenSymbol === 'PIX')).toBe(true);
    expect(tokens.some((row) => row.value === ((1n << 256n) - 1n).toString() && /claim-rewards\.xyz/.test(row.tokenName))).toBe(true);
    expect(tokens.some((row) => row.tokenSymbol === 'ETH')).toBe(true);
    expect(tokens.some((row) => row.tokenSymbol === 'USDC' && row.contractAddress !== '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')).toBe(
      true,
    );
    expect(tokens.some((row) => row.tokenName.startsWith('='))).toBe(true);
  });

  it('has an ERC-721 mint and burn and ERC-1155 amounts above 1', async () => {
    const nfts: WireNftTx[] = await listAll(sandbox, 1, 'tokennfttx', main);
    expect(nfts.some((row) => row.from === ZERO && row.to === main)).toBe(true);
    expect(nfts.some((row) => row.from === main && row.to === ZERO)).toBe(true);
    const multis: Wire1155Tx[] = await listAll(sandbox, 1, 'token1155tx', main);
    expect(multis.some((row) => Number(row.tokenValue) > 1)).toBe(true);
  });

  it('has the fee quirks of each chain: blob txs, OP l1Fee, Arbitrum bids above the effective price', async () => {
    const mainnet = (await listAll(sandbox, 1, 'txlist', main)).filter((row) => row.from === main);
    const blobs = (await Promise.all(mainnet.map((row) => receipt(1, row.hash)))).filter((r) => r?.type === '0x3');
    expect(blobs.length).toBeGreaterThan(0);
    expect(blobs.every((r) => BigInt(r!.blobGasUsed!) > 0n && BigInt(r!.blobGasPrice!) > 0n)).toBe(true);
    const op = (await listAll(sandbox, 10, 'txlist', main)).filter((row) => row.from === main);
    for (const row of op.slice(0, 10)) expect(BigInt((await receipt(10, row.hash))!.l1Fee!)).toBeGreaterThan(0n);
    const arb = (await listAll(sandbox, 42161, 'txlist', main)).filter((row) => row.from === main);
    for (const row of arb.slice(0, 10)) {
      const r = (await receipt(42161, row.hash))!;
      expect(BigInt(row.gasPrice)).toBeGreaterThan(BigInt(r.effectiveGasPrice!));
      expect(BigInt(r.gasUsedForL1!)).toBeLessThan(BigInt(r.gasUsed));
      expect(BigInt(r.gasUsed)).toBe(BigInt(row.gasUsed));
    }
  });
});

describe('when the special cases happen', () => {
  const YEAR_2025 = [Date.UTC(2025, 0, 1) / 1000, Date.UTC(2026, 0, 1) / 1000] as const;
  const in2025 = (row: { timeStamp: string }): boolean => Number(row.timeStamp) >= YEAR_2025[0] && Number(row.timeStamp) < YEAR_2025[1];

  it('schedules them inside calendar 2025 UTC', () => {
    expect(SPECIALS_FROM).toBeGreaterThanOrEqual(YEAR_2025[0]);
    expect(SPECIALS_TO).toBeLessThan(YEAR_2025[1]);
  });

  it('puts every case that only a special produces inside 2025, on every chain, so a 2025 export shows each one', async () => {
    const tokens = await listAll(sandbox, 1, 'tokentx', main);
    const onlySpecial: [string, { timeStamp: string }[]][] = [
      ['unknown decimals', tokens.filter((row) => row.tokenDecimal === '' && row.tokenSymbol === '')],
      ['unknown metadata', tokens.filter((row) => row.tokenDecimal === '0' && row.tokenSymbol === '')],
      ['0 decimals', tokens.filter((row) => row.tokenSymbol === 'PIX')],
      ['2^256 − 1', tokens.filter((row) => row.value === ((1n << 256n) - 1n).toString())],
      ['NFT mint', (await listAll(sandbox, 1, 'tokennfttx', main)).filter((row) => row.from === ZERO)],
      ['NFT burn', (await listAll(sandbox, 1, 'tokennfttx', main)).filter((row) => row.to === ZERO)],
      ['ERC-1155 out', (await listAll(sandbox, 1, 'token1155tx', main)).filter((row) => row.from === main)],
      ['contract creation', (await listAll(sandbox, 1, 'txlist', main)).filter((row) => row.contractAddress !== '')],
    ];
    for (const chainId of world.chainIds) {
      onlySpecial.push([
        `failed internal on ${chainId}`,
        (await listAll(sandbox, chainId, 'txlistinternal', main)).filter((row) => row.isError === '1'),
      ]);
    }
    for (const [name, rows] of onlySpecial)
      expect({ name, count: rows.length, outside: rows.filter((row) => !in2025(row)).length }).toEqual({
        name,
        count: rows.length,
        outside: 0,
      });
    expect(onlySpecial.every(([, rows]) => rows.length > 0)).toBe(true);
    const byHash = new Map<string, WireTokenTx[]>();
    for (const row of tokens) byHash.set(row.hash, [...(byHash.get(row.hash) ?? []), row]);
    expect(
      [...byHash.values()].some((rows) => rows.length === 2 && JSON.stringify(rows[0]) === JSON.stringify(rows[1]) && in2025(rows[0]!)),
    ).toBe(true);
    expect(tokens.some((row) => row.tokenName.startsWith('=') && in2025(row))).toBe(true);
    const txs = await listAll(sandbox, 1, 'txlist', main);
    expect(txs.some((row) => row.isError === '1' && row.value !== '0' && in2025(row))).toBe(true);
    const plain = txs.filter((row) => row.from === main && row.methodId === '0x');
    const types = await Promise.all(plain.map(async (row) => (await receipt(1, row.hash))?.type));
    const blobs = plain.filter((_, n) => types[n] === '0x3');
    expect(blobs.length).toBeGreaterThan(0);
    expect(blobs.every(in2025)).toBe(true);
  });

  it('keeps bulk activity before and after 2025, so the opening balance of 2025 has history', async () => {
    const txs = (await listAll(sandbox, 1, 'txlist', main)).filter((row) => row.blockNumber !== '0');
    expect(txs.some((row) => Number(row.timeStamp) < YEAR_2025[0] - 90 * 86400)).toBe(true);
    expect(txs.some((row) => Number(row.timeStamp) >= YEAR_2025[1] + 30 * 86400)).toBe(true);
  });
});

describe('balances', () => {
  /** WETH9 on mainnet and its OP Mainnet copy: deposit/withdraw move WETH without a Transfer row. */
  const SILENT_WETH: Record<number, string> = {
    1: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
    10: '0x4200000000000000000000000000000000000006',
  };

  /**
   * An independent reading of the wire rows: what a correct ledger must add up to. Where the chain's WETH is
   * silent, ether sent to it mints as much WETH and ether it pays out burnt as much.
   */
  async function sumFromApi(chainId: number, wallet: string): Promise<Map<string, bigint>> {
    const sums = new Map<string, bigint>();
    const add = (asset: string, delta: bigint): void => void sums.set(asset, (sums.get(asset) ?? 0n) + delta);
    const weth = SILENT_WETH[chainId];
    for (const row of await listAll(sandbox, chainId, 'txlist', wallet)) {
      const failed = row.isError === '1';
      if (!failed && weth !== undefined && row.from === wallet && row.to === weth && row.value !== '0') add(weth, BigInt(row.value));
      if (row.from === wallet) {
        const r = (await receipt(chainId, row.hash))!;
        const blob = r.blobGasUsed === undefined ? 0n : BigInt(r.blobGasUsed) * BigInt(r.blobGasPrice!);
        add('native', -(BigInt(r.gasUsed) * BigInt(r.effectiveGasPrice!) + BigInt(r.l1Fee ?? '0x0') + blob));
        if (!failed) add('native', -BigInt(row.value));
      }
      if (!failed && (row.to === wallet || row.contractAddress === wallet)) add('native', BigInt(row.value));
    }
    for (const row of await listAll(sandbox, chainId, 'txlistinternal', wallet)) {
      if (row.isError === '1' || row.type === 'delegatecall' || (await receipt(chainId, row.hash))!.status !== '0x1') continue;
      if (weth !== undefined && row.from === weth && row.to === wallet) add(weth, -BigInt(row.value));
      if (row.from === wallet) add('native', -BigInt(row.value));
      if (row.to === wallet || row.contractAddress === wallet) add('native', BigInt(row.value));
    }
    const tokenRows: [WireTokenTx | WireNftTx | Wire1155Tx, bigint][] = [
      ...(await listAll(sandbox, chainId, 'tokentx', wallet)).map((r): [WireTokenTx, bigint] => [r, BigInt(r.value)]),
      ...(await listAll(sandbox, chainId, 'tokennfttx', wallet)).map((r): [WireNftTx, bigint] => [r, 1n]),
      ...(await listAll(sandbox, chainId, 'token1155tx', wallet)).map((r): [Wire1155Tx, bigint] => [r, BigInt(r.tokenValue)]),
    ];
    for (const [row, amount] of tokenRows) {
      if (row.from === wallet) add(row.contractAddress, -amount);
      if (row.to === wallet) add(row.contractAddress, amount);
    }
    return sums;
  }

  it('equal the sum of every movement the API lists, per wallet, chain and asset, and the balance endpoints agree', async () => {
    let checked = 0;
    for (const wallet of world.wallets) {
      for (const chainId of wallet.chains) {
        const head = world.chain(chainId)!.headBlock;
        const sums = await sumFromApi(chainId, wallet.address);
        for (const [asset, sum] of sums) {
          expect({ chainId, wallet: wallet.label, asset, balance: world.expectedBalance(chainId, wallet.address, asset, head) }).toEqual({
            chainId,
            wallet: wallet.label,
            asset,
            balance: sum,
          });
          expect(sum >= 0n).toBe(true);
          const query =
            asset === 'native'
              ? { chainid: chainId, module: 'account', action: 'balance', address: wallet.address, tag: 'latest' }
              : {
                  chainid: chainId,
                  module: 'account',
                  action: 'tokenbalance',
                  contractaddress: asset,
                  address: wallet.address,
                  tag: 'latest',
                };
          expect((await call(sandbox, query)).result).toBe(sum.toString());
          const totals = world.expectedSums(chainId, wallet.address, 0, head).get(asset) ?? { in: 0n, out: 0n, fees: 0n };
          expect(totals.in - totals.out - totals.fees).toBe(sum);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('answers balances at a past block from the movements up to that block', async () => {
    const rows = await listAll(sandbox, 1, 'txlist', main);
    const block = Number(rows[Math.floor(rows.length / 2)]!.blockNumber);
    const expected = world.expectedBalance(1, main, 'native', block);
    const sums = world.expectedSums(1, main, 0, block).get('native')!;
    expect(sums.in - sums.out - sums.fees).toBe(expected);
    expect((await call(sandbox, { chainid: 1, module: 'account', action: 'balancehistory', address: main, blockno: block })).result).toBe(
      expected.toString(),
    );
  });
});

describe('blocks and time', () => {
  it('spans 2024-06-01 .. 2026-03-01 and maps times to blocks both ways', async () => {
    for (const chainId of world.chainIds) {
      const chain = world.chain(chainId)!;
      expect(world.timestampOf(chainId, chain.firstBlock)).toBe(WORLD_START);
      expect(world.timestampOf(chainId, chain.headBlock)).toBeLessThanOrEqual(WORLD_END);
      const t = Date.UTC(2025, 0, 1) / 1000;
      const before = Number(
        (await call(sandbox, { chainid: chainId, module: 'block', action: 'getblocknobytime', timestamp: t, closest: 'before' })).result,
      );
      const after = Number(
        (await call(sandbox, { chainid: chainId, module: 'block', action: 'getblocknobytime', timestamp: t, closest: 'after' })).result,
      );
      expect(world.timestampOf(chainId, before)).toBeLessThanOrEqual(t);
      expect(world.timestampOf(chainId, before + 1)).toBeGreaterThan(t);
      expect(world.timestampOf(chainId, after)).toBeGreaterThanOrEqual(t);
      expect(world.timestampOf(chainId, after - 1)).toBeLessThan(t);
    }
  });
});

describe('scale and demo wallets', () => {
  it('matches the documented bulk at scale 1 and names the demo wallets', () => {
    const big = generateWorld({ seed: demoWorld.seed, scale: 1 });
    const txlist = big.rowsOf(1, 'txlist', demoWorld.wallets[0]!.address).length;
    const tokentx = big.rowsOf(1, 'tokentx', demoWorld.wallets[0]!.address).length;
    expect(txlist).toBeGreaterThan(2200);
    expect(txlist).toBeLessThan(2900);
    expect(tokentx).toBeGreaterThan(1200);
    expect(tokentx).toBeLessThan(1800);
    expect(big.wallets.map((w) => w.address)).toEqual(demoWorld.wallets.map((w) => w.address));
    expect(STREAMS.every((stream) => big.rowsOf(1, stream, demoWorld.wallets[0]!.address).length > 0)).toBe(true);
  });
});

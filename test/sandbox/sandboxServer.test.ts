import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { WireTokenTx, WireTx } from '../../src/etherscan/wire.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { serveSandbox } from '../../src/sandbox/serveSandbox.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import { etherscanSample as sample } from '../support/samples.js';
import { servedSandbox } from '../support/servedSandbox.js';
import { call, rowsOf } from './sandboxClient.js';

let world: World;
let sandbox: Sandbox;
let main: string;
let trading: string;

beforeAll(async () => {
  world = generateWorld({ seed: 7, scale: 1 });
  sandbox = await startSandbox({ world, rate: 100_000 });
  main = world.wallets[0]!.address;
  trading = world.wallets[1]!.address;
});
afterAll(async () => {
  await sandbox.close();
});

const list = (action: string, extra: Record<string, string | number> = {}) =>
  call(sandbox, { chainid: 1, module: 'account', action, address: main, sort: 'asc', ...extra });

describe('paging rules', () => {
  it('refuses a window beyond 10,000 rows with the real text', async () => {
    expect(await list('txlist', { page: 3, offset: 5000 })).toEqual(sample('error-result-window.json'));
    expect((await list('txlist', { page: 1, offset: 10000 })).status).toBe('1');
    expect(await list('txlist', { page: 10, offset: 1000 })).toEqual(sample('empty-txlist-no-transactions.json'));
  });

  it('caps offset silently at the page cap', async () => {
    const answer = await list('txlist', { page: 1, offset: 5000 });
    expect(answer.status).toBe('1');
    expect(rowsOf(answer)).toHaveLength(1000);
  });

  it('treats startblock and endblock as inclusive', async () => {
    const all = rowsOf<WireTx>(await list('txlist', { page: 1, offset: 1000 }));
    const block = all[500]!.blockNumber;
    const expected = all.filter((row) => row.blockNumber === block);
    const answer = rowsOf<WireTx>(await list('txlist', { startblock: block, endblock: block, page: 1, offset: 1000 }));
    expect(answer.map((row) => row.hash)).toEqual(expected.map((row) => row.hash));
  });

  it('sorts desc as the reverse of asc', async () => {
    const asc = rowsOf<WireTx>(await list('tokentx', { startblock: 0, endblock: 21_000_000, page: 1, offset: 1000 }));
    const desc = rowsOf<WireTx>(await list('tokentx', { startblock: 0, endblock: 21_000_000, page: 1, offset: 1000, sort: 'desc' }));
    expect(asc.length).toBeGreaterThan(10);
    expect(asc.length).toBeLessThan(1000);
    expect(desc).toEqual([...asc].reverse());
  });

  it('answers an empty range with "No transactions found" and []', async () => {
    const answer = await call(sandbox, {
      chainid: 1,
      module: 'account',
      action: 'txlist',
      address: trading,
      startblock: 1,
      endblock: 2,
      page: 1,
      offset: 10,
      sort: 'asc',
    });
    expect(answer).toEqual(sample('empty-txlist-no-transactions.json'));
  });

  it('lets a full page end inside a block, so cursor paging must re-read the boundary block', async () => {
    let endsInside = 0;
    for (const action of ['txlist', 'tokentx']) {
      const first = rowsOf<WireTx>(await list(action, { page: 1, offset: 1000 }));
      const second = rowsOf<WireTx>(await list(action, { page: 2, offset: 1000 }));
      if (first[999]!.blockNumber === second[0]!.blockNumber) endsInside++;
    }
    expect(endsInside).toBeGreaterThan(0);
  });

  it('filters token rows by contractaddress, with or without address', async () => {
    const usdc = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
    const mine = rowsOf<WireTokenTx>(await list('tokentx', { contractaddress: usdc, page: 1, offset: 100 }));
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((row) => row.contractAddress === usdc && (row.from === main || row.to === main))).toBe(true);
    const all = rowsOf<WireTokenTx>(
      await call(sandbox, { chainid: 1, module: 'account', action: 'tokentx', contractaddress: usdc, page: 1, offset: 100, sort: 'asc' }),
    );
    expect(all.every((row) => row.contractAddress === usdc)).toBe(true);
  });
});

describe('error envelopes (HTTP 200, exact texts)', () => {
  const raw = async (query: string): Promise<[number, string]> => {
    const response = await fetch(`${sandbox.url}?${query}`);
    return [response.status, await response.text()];
  };

  it.each([
    ['missing key', `chainid=1&module=account&action=balance&address=${'0x' + '1'.repeat(40)}`, 'error-missing-invalid-api-key-v2.json'],
    ['wrong key', `chainid=1&module=account&action=balance&address=${'0x' + '1'.repeat(40)}&apikey=nope`, 'error-invalid-api-key.json'],
    ['wrong key on a proxy call', `chainid=1&module=proxy&action=eth_blockNumber&apikey=nope`, 'error-invalid-api-key.json'],
  ])('%s', async (_name, query, file) => {
    const [status, body] = await raw(query);
    expect(status).toBe(200);
    expect(JSON.parse(body)).toEqual(sample(file));
  });

  it.each([
    [
      'missing chainid',
      { module: 'account', action: 'balance', address: '0x' + '1'.repeat(40) },
      'Missing or unsupported chainid parameter (required for v2 api), please see chainlist for the list of supported chainids',
    ],
    [
      'unknown chainid',
      { chainid: 999999, module: 'account', action: 'balance' },
      'Missing or unsupported chainid parameter (required for v2 api), please see chainlist for the list of supported chainids',
    ],
    [
      'a list of chainids',
      { chainid: '1,10', module: 'account', action: 'balance' },
      'Missing or unsupported chainid parameter (required for v2 api), please see chainlist for the list of supported chainids',
    ],
    ['unknown action', { chainid: 1, module: 'account', action: 'txlistx' }, 'Error! Missing Or invalid Action name'],
    ['unknown module', { chainid: 1, module: 'nope', action: 'txlist' }, 'Error! Missing Or invalid Action name'],
    ['bad address', { chainid: 1, module: 'account', action: 'txlist', address: '0x1234' }, 'Error! Invalid address format'],
    ['bad balance address', { chainid: 1, module: 'account', action: 'balance', address: 'vitalik.eth' }, 'Error! Invalid address format'],
  ])('%s', async (_name, query, text) => {
    expect(await call(sandbox, query)).toEqual({ status: '0', message: 'NOTOK', result: text });
  });

  it('refuses paid-only chains on a free-tier sandbox', async () => {
    const free = await startSandbox({ world, freeTierOnly: true });
    try {
      expect(await call(free, { chainid: 10, module: 'proxy', action: 'eth_blockNumber' })).toEqual(sample('error-free-tier-chain.json'));
      expect((await call(free, { chainid: 42161, module: 'proxy', action: 'eth_blockNumber' })).jsonrpc).toBe('2.0');
    } finally {
      await free.close();
    }
  });

  it('serves the chain list without key or chainid', async () => {
    const response = await fetch(sandbox.url.replace('/v2/api', '/v2/chainlist'));
    const body = (await response.json()) as { result: { chainid: string }[] };
    expect(body.result.map((chain) => chain.chainid).sort()).toEqual(['1', '10', '42161']);
  });
});

describe('proxy', () => {
  it('answers receipts and transactions as JSON-RPC, and null for an unknown hash', async () => {
    const tx = rowsOf<WireTx>(await list('txlist', { page: 1, offset: 5 }))[2]!;
    const receipt = await call(sandbox, { chainid: 1, module: 'proxy', action: 'eth_getTransactionReceipt', txhash: tx.hash });
    expect(receipt).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: { transactionHash: tx.hash, gasUsed: `0x${Number(tx.gasUsed).toString(16)}` },
    });
    const byHash = await call(sandbox, { chainid: 1, module: 'proxy', action: 'eth_getTransactionByHash', txhash: tx.hash });
    expect(byHash).toMatchObject({ jsonrpc: '2.0', result: { hash: tx.hash, from: tx.from } });
    const unknown = await call(sandbox, {
      chainid: 1,
      module: 'proxy',
      action: 'eth_getTransactionReceipt',
      txhash: `0x${'ab'.repeat(32)}`,
    });
    expect(unknown).toEqual({ jsonrpc: '2.0', id: 1, result: null });
    const head = await call(sandbox, { chainid: 1, module: 'proxy', action: 'eth_blockNumber' });
    expect(head).toEqual({ jsonrpc: '2.0', id: 1, result: `0x${world.chain(1)!.headBlock.toString(16)}` });
  });
});

describe('rate limiting', () => {
  it('refuses a burst beyond the bucket with the exact envelope and counts it', async () => {
    const limited = await startSandbox({ world, rate: 3 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => call(limited, { chainid: 1, module: 'proxy', action: 'eth_blockNumber' })),
      );
      const refused = answers.filter((a) => a.status === '0');
      expect(refused.length).toBeGreaterThanOrEqual(1);
      expect(answers.length - refused.length).toBeGreaterThanOrEqual(3);
      for (const answer of refused)
        expect(answer).toEqual({ status: '0', message: 'NOTOK', result: 'Max calls per sec rate limit reached (3/sec)' });
      expect(limited.stats.rateLimited).toBe(refused.length);
    } finally {
      await limited.close();
    }
  });

  it('never refuses a client that spaces its calls 1/N s apart', async () => {
    const limited = await startSandbox({ world, rate: 20 });
    try {
      for (let n = 0; n < 30; n++) {
        const answer = await call(limited, { chainid: 1, module: 'proxy', action: 'eth_blockNumber' });
        expect(answer.jsonrpc).toBe('2.0');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(limited.stats.rateLimited).toBe(0);
    } finally {
      await limited.close();
    }
  });

  it('answers "Max daily…" once the daily quota is used', async () => {
    const quota = await startSandbox({ world, dailyLimit: 2, rate: 1000 });
    try {
      for (let n = 0; n < 2; n++)
        expect((await call(quota, { chainid: 1, module: 'proxy', action: 'eth_blockNumber' })).jsonrpc).toBe('2.0');
      const answer = await call(quota, { chainid: 1, module: 'proxy', action: 'eth_blockNumber' });
      expect(answer.status).toBe('0');
      expect(String(answer.result)).toMatch(/^Max daily/);
      expect(quota.stats.dailyLimited).toBe(1);
    } finally {
      await quota.close();
    }
  });
});

describe('query timeout and omitted records', () => {
  it('answers Query Timeout when a range holds too many rows, and serves a smaller range', async () => {
    const strict = await startSandbox({ world, rate: 1000, queryTimeoutRows: 200 });
    try {
      const base = { chainid: 1, module: 'account', action: 'txlist', address: main, page: 1, offset: 1000, sort: 'asc' };
      expect(await call(strict, base)).toEqual({
        status: '0',
        message: 'NOTOK',
        result: 'Query Timeout occured. Please select a smaller result dataset',
      });
      expect((await call(strict, { ...base, startblock: 0, endblock: 20_050_000 })).status).toBe('1');
    } finally {
      await strict.close();
    }
  });

  it('leaves omitted records out of the lists but not out of the balances', async () => {
    const rows = rowsOf<WireTx>(await list('txlist', { page: 1, offset: 50 }));
    const gone = rows.find((row) => row.from === main && row.value !== '0')!;
    const gappy = await startSandbox({ world, rate: 1000, omit: [{ chainId: 1, stream: 'txlist', hash: gone.hash }] });
    try {
      const gappyRows = rowsOf<WireTx>(
        await call(gappy, { chainid: 1, module: 'account', action: 'txlist', address: main, page: 1, offset: 50, sort: 'asc' }),
      );
      expect(gappyRows.map((row) => row.hash)).not.toContain(gone.hash);
      expect(gappyRows.map((row) => row.hash)).toEqual(
        rows
          .filter((row) => row.hash !== gone.hash)
          .concat(gappyRows.slice(49))
          .map((row) => row.hash),
      );
      const balance = { chainid: 1, module: 'account', action: 'balance', address: main, tag: 'latest' };
      expect(await call(gappy, balance)).toEqual(await call(sandbox, balance));
    } finally {
      await gappy.close();
    }
  });
});

describe('determinism', () => {
  it('serves identical answers for the same seed and different ones for another seed', async () => {
    const again = await startSandbox({ seed: 7, scale: 1, rate: 1000 });
    const other = await startSandbox({ seed: 8, scale: 1, rate: 1000 });
    try {
      const queries = [
        { chainid: 1, module: 'account', action: 'txlist', address: main, page: 2, offset: 1000, sort: 'asc' },
        { chainid: 10, module: 'account', action: 'tokentx', address: main, page: 1, offset: 300, sort: 'desc' },
        { chainid: 42161, module: 'account', action: 'txlistinternal', address: main, page: 1, offset: 100, sort: 'asc' },
        { chainid: 1, module: 'account', action: 'balance', address: main, tag: 'latest' },
      ];
      for (const query of queries) expect(JSON.stringify(await call(again, query))).toBe(JSON.stringify(await call(sandbox, query)));
      const otherMain = other.world.wallets[0]!.address;
      expect(otherMain).not.toBe(main);
      const first = { chainid: 1, module: 'account', action: 'txlist', address: otherMain, page: 1, offset: 20, sort: 'asc' };
      expect(JSON.stringify(await call(other, first))).not.toBe(JSON.stringify(await call(again, { ...first, address: main })));
    } finally {
      await again.close();
      await other.close();
    }
  });
});

describe('faults', () => {
  it('injects every kind at a rate, counts them, and leaves the world unchanged', async () => {
    const before = await list('txlist', { page: 1, offset: 20 });
    const faulty = await startSandbox({ world, rate: 100_000, faults: { rate: 0.5, seed: 3 } });
    const seen = { http502: 0, truncated: 0, drop: 0, rateLimit: 0, queryTimeout: 0 };
    try {
      for (let n = 0; n < 150; n++) {
        const query = new URLSearchParams({
          chainid: '1',
          module: 'account',
          action: 'txlist',
          address: main,
          page: '1',
          offset: '20',
          sort: 'asc',
          apikey: faulty.apiKey,
        });
        let response: Response;
        try {
          response = await fetch(`${faulty.url}?${query.toString()}`);
        } catch {
          seen.drop++;
          continue;
        }
        const text = await response.text();
        if (response.status === 502) {
          expect(text).toContain('<title>api.etherscan.io | 502: Bad gateway</title>');
          seen.http502++;
          continue;
        }
        let body: { result: unknown };
        try {
          body = JSON.parse(text) as { result: unknown };
        } catch {
          seen.truncated++;
          continue;
        }
        if (body.result === 'Max rate limit reached, please use API Key for higher rate limit') seen.rateLimit++;
        else if (body.result === 'Query Timeout occured. Please select a smaller result dataset') seen.queryTimeout++;
        else expect(body).toEqual(before);
      }
      for (const count of Object.values(seen)) expect(count).toBeGreaterThan(0);
      expect(faulty.stats.faults).toEqual(seen);
      expect(await list('txlist', { page: 1, offset: 20 })).toEqual(before);
    } finally {
      await faulty.close();
    }
  });

  it('never answers Query Timeout to a non-list action', async () => {
    const faulty = await startSandbox({ world, rate: 100_000, faults: { rate: 1, seed: 5, kinds: ['queryTimeout'] } });
    try {
      expect((await call(faulty, { chainid: 1, module: 'proxy', action: 'eth_blockNumber' })).jsonrpc).toBe('2.0');
      expect(faulty.stats.faults.queryTimeout).toBe(0);
    } finally {
      await faulty.close();
    }
  });
});

describe('serveSandbox', () => {
  it('prints the URL and key, serves until stopped', async () => {
    const sandbox = await servedSandbox({ port: 0, seed: 7, scale: 0.02, rate: 50, faults: 0, disabledActions: ['balancemulti'] });
    const printed = sandbox.printed();
    const url = /listening on (\S+)/.exec(printed)![1]!;
    expect(printed).toContain('API key: sandbox-key');
    const response = await fetch(`${url}?chainid=1&module=proxy&action=eth_blockNumber&apikey=sandbox-key`);
    expect(((await response.json()) as { jsonrpc: string }).jsonrpc).toBe('2.0');
    expect(printed).toContain('answered as unknown actions: balancemulti');
    const address = /0x[0-9a-f]{40}/.exec(printed)![0];
    const refused = await fetch(`${url}?chainid=1&module=account&action=balancemulti&address=${address}&tag=latest&apikey=sandbox-key`);
    expect(await refused.json()).toEqual({ status: '0', message: 'NOTOK', result: 'Error! Missing Or invalid Action name' });
    await sandbox.stop();
    expect(sandbox.printed()).toContain('sandbox stopped after 2 requests');
  });

  it('rejects a fault share outside 0..1', async () => {
    await expect(
      serveSandbox({ port: 0, seed: 1, scale: 0, rate: 5, faults: 2, disabledActions: [], stdout: new Writable() }),
    ).rejects.toThrow('--faults must be a share between 0 and 1');
  });

  it('rejects a --disable-action value that is not an action name', async () => {
    await expect(
      serveSandbox({ port: 0, seed: 1, scale: 0, rate: 5, faults: 0, disabledActions: ['balance history'], stdout: new Writable() }),
    ).rejects.toThrow('--disable-action takes action names separated by commas, got "balance history"');
  });
});

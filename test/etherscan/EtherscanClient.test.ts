import { afterEach, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EtherscanClientOptions } from '../../src/etherscan/EtherscanClient.js';
import type { EtherscanClient } from '../../src/etherscan/EtherscanClient.js';
import {
  ApiConfigurationError,
  ApiProtocolError,
  ApiUnavailableError,
  ChainNotAvailableError,
  DailyLimitError,
  QueryTimeoutError,
} from '../../src/etherscan/errors.js';
import { RateLimiter } from '../../src/etherscan/RateLimiter.js';
import { etherscanSample } from '../support/samples.js';
import { fastClient } from './fastClient.js';

const KEY = 'SECRETKEY7X9Q2';

type Reply = (request: http.IncomingMessage, response: http.ServerResponse) => void;

const json =
  (body: unknown): Reply =>
  (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
const envelope = (status: string, message: string, result: unknown): Reply => json({ status, message, result });
const html502: Reply = (_request, response) => {
  response.writeHead(502, { 'content-type': 'text/html' }).end('<html><head><title>502 Bad Gateway</title></head></html>');
};
const truncated: Reply = (_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"1","message":"OK","result":[{"blockNu');
};
const dropSocket: Reply = (request) => {
  request.socket.destroy();
};
/** A 500 page that echoes the URL, key included, as some proxies do. */
const echo500: Reply = (request, response) => {
  response.writeHead(500, { 'content-type': 'text/plain' }).end(`upstream failed for ${request.url ?? ''}`);
};
const never: Reply = () => undefined;

interface TestServer {
  baseUrl: string;
  requests: URL[];
}

const servers: http.Server[] = [];

/** Answers the n-th request with replies[n]; the last reply repeats. */
async function serve(replies: readonly Reply[]): Promise<TestServer> {
  const requests: URL[] = [];
  const server = http.createServer((request, response) => {
    requests.push(new URL(request.url ?? '/', 'http://test'));
    replies[Math.min(requests.length, replies.length) - 1]!(request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/v2/api`, requests };
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

/** A limiter on a frozen clock that records every wait instead of sleeping: one entry per attempt after the first. */
function recordingLimiter(): { limiter: RateLimiter; waits: number[] } {
  const waits: number[] = [];
  return { limiter: new RateLimiter(1000, { now: () => 0, sleep: async (ms) => void waits.push(ms) }), waits };
}

function client(baseUrl: string, options: Partial<EtherscanClientOptions> = {}): EtherscanClient {
  return fastClient(baseUrl, KEY, options);
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
    const text = `${String(error)} ${(error as Error).stack ?? ''} ${JSON.stringify(error)}`;
    expect(text).not.toContain(KEY);
    return error as Error;
  }
  throw new Error('expected a failure');
}

const page = { chainId: 1, address: '0xabc', startBlock: 100, endBlock: 200, offset: 1000 };
const row = { blockNumber: '150', hash: '0x1' };

describe('EtherscanClient retries', () => {
  it('gets through 502 HTML, truncated JSON, a dropped socket and a rate limit, through the limiter each time', async () => {
    const server = await serve([
      html502,
      truncated,
      dropSocket,
      envelope('0', 'NOTOK', 'Max rate limit reached'),
      envelope('1', 'OK', [row]),
    ]);
    const { limiter, waits } = recordingLimiter();
    const lines: string[] = [];
    const api = client(server.baseUrl, { limiter, log: (line) => lines.push(line) });

    await expect(api.listPage('txlist', page)).resolves.toEqual([row]);

    expect(api.stats).toEqual({ requests: 5, byAction: { 'account.txlist': 5 }, retries: 4, rateLimited: 1 });
    expect(waits).toHaveLength(4);
    expect(lines).toHaveLength(4);
    expect(lines.join('\n')).not.toContain(KEY);
    expect(lines[0]).toMatch(/^account\.txlist chainid=1: http: HTTP 502 502 Bad Gateway; retry 1\/8 in \d+ ms$/);
    for (const url of server.requests) {
      expect([...url.searchParams.keys()]).toEqual([
        'chainid',
        'module',
        'action',
        'address',
        'startblock',
        'endblock',
        'page',
        'offset',
        'sort',
        'apikey',
      ]);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        chainid: '1',
        module: 'account',
        action: 'txlist',
        address: '0xabc',
        startblock: '100',
        endblock: '200',
        page: '1',
        offset: '1000',
        sort: 'asc',
        apikey: KEY,
      });
    }
  });

  it('gives up after maxRetries with ApiUnavailableError, and the key echoed by the server never shows', async () => {
    const server = await serve([echo500]);
    const api = client(server.baseUrl, { maxRetries: 3 });
    const error = await failure(api.balance(1, '0xabc'));
    expect(error).toBeInstanceOf(ApiUnavailableError);
    expect(error.message).toContain('after 4 attempts');
    expect(error.message).toContain('apikey=***');
    expect(server.requests).toHaveLength(4);
    expect(api.stats.retries).toBe(3);
  });

  it('retries a refused connection and reports it without the key', async () => {
    const server = await serve([never]);
    const closed = servers.pop()!;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const api = client(server.baseUrl, { maxRetries: 1 });
    const error = await failure(api.headBlock(1));
    expect(error).toBeInstanceOf(ApiUnavailableError);
    expect(error.message).toContain('ECONNREFUSED');
  });

  it.each([
    [
      'a refused connection',
      async () => {
        const server = await serve([never]);
        await new Promise<void>((resolve) => servers.pop()!.close(() => resolve()));
        return server.baseUrl;
      },
      'ECONNREFUSED',
    ],
    ['an unknown host', () => Promise.resolve('http://no-such-host.invalid/v2/api'), '(ENOTFOUND|EAI_AGAIN)'],
    // fetch refuses ports such as 6000 (X11) before connecting: no retry can change that.
    ['a port fetch never calls', () => Promise.resolve('http://127.0.0.1:6000/v2/api'), 'bad port'],
  ])('fails fast on %s: one retry, not eight, and a line naming --base-url', async (_name, baseUrl, code) => {
    const url = await baseUrl();
    const api = client(url, { maxRetries: 8, backoffBaseMs: 1_000, backoffCapMs: 30_000 });
    const started = Date.now();
    const error = await failure(api.headBlock(1));
    expect(error).toBeInstanceOf(ApiUnavailableError);
    expect(error.message).toMatch(
      new RegExp(
        `^cannot reach the API at --base-url ${url.replace(/[.?]/g, '\\$&')} \\(2 attempts\\) \\(request: proxy.eth_blockNumber; chainid: 1; fix: check --base-url: nothing answers there .*; last: unreachable: .*${code}`,
      ),
    );
    expect(api.stats.requests).toBe(2);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('times out an attempt that never answers, then retries it', async () => {
    const server = await serve([never, json({ jsonrpc: '2.0', id: 83, result: '0x10d4f' })]);
    const api = client(server.baseUrl, { timeoutMs: 200 });
    await expect(api.headBlock(1)).resolves.toBe(0x10d4f);
    expect(api.stats.retries).toBe(1);
    const stuck = await serve([never]);
    const error = await failure(client(stuck.baseUrl, { timeoutMs: 100, maxRetries: 1 }).headBlock(1));
    expect(error.message).toContain('timeout: no complete answer within 100 ms');
  });
});

describe('EtherscanClient answers that stop at once', () => {
  it.each([
    ['daily limit', envelope('0', 'NOTOK', 'Max daily rate limit reached. 100000 calls per day'), DailyLimitError],
    ['invalid key', envelope('0', 'NOTOK', 'Invalid API Key'), ApiConfigurationError],
    ['Query Timeout', envelope('0', 'NOTOK', 'Query Timeout occured. Please select a smaller result dataset'), QueryTimeoutError],
    ['blank NOTOK', envelope('0', 'NOTOK', ''), ApiProtocolError],
    [
      'result window',
      envelope('0', 'NOTOK', 'Result window is too large, PageNo x Offset size must be less than or equal to 10000'),
      ApiProtocolError,
    ],
    ['an unknown text echoing the key', envelope('0', 'NOTOK', `Error! bad request apikey=${KEY} (${KEY})`), ApiProtocolError],
  ])('%s', async (_name, reply, type) => {
    const server = await serve([reply]);
    const api = client(server.baseUrl);
    const error = await failure(api.listPage('tokentx', page));
    expect(error).toBeInstanceOf(type);
    expect(server.requests).toHaveLength(1);
    expect(api.stats.retries).toBe(0);
  });

  it('a list query that keeps the server too busy asks for a smaller range after 3 answers', async () => {
    const busy = envelope('0', 'NOTOK', 'Unexpected err, timeout occurred or server too busy. Please try again later');
    const server = await serve([busy]);
    const api = client(server.baseUrl);
    expect(await failure(api.listPage('txlistinternal', page))).toBeInstanceOf(QueryTimeoutError);
    expect(server.requests).toHaveLength(3);
    const scalar = await serve([busy, busy, busy, envelope('1', 'OK', '7')]);
    await expect(client(scalar.baseUrl).balance(1, '0xabc')).resolves.toBe('7');
  });

  it('free-tier chain refusal names the chain so the caller can skip it', async () => {
    const server = await serve([
      envelope('0', 'NOTOK', 'Free API access is not supported for this chain. Please upgrade your api plan for full chain coverage.'),
    ]);
    const error = await failure(client(server.baseUrl).listPage('txlist', { ...page, chainId: 56 }));
    expect(error).toBeInstanceOf(ChainNotAvailableError);
    expect((error as ChainNotAvailableError).chainId).toBe(56);
    expect(server.requests[0]!.searchParams.get('chainid')).toBe('56');
  });

  it('DailyLimitError counts down to 00:00 UTC on the injected clock', async () => {
    const server = await serve([envelope('0', 'NOTOK', 'Max daily limit reached')]);
    const api = client(server.baseUrl, { now: () => new Date('2026-05-01T23:00:00Z') });
    await expect(api.balance(1, '0xabc')).rejects.toThrow('resets at 00:00 UTC, in 1 h 0 min');
  });
});

describe('EtherscanClient methods', () => {
  it('reads an empty list as []', async () => {
    const server = await serve([envelope('0', 'No transactions found', [])]);
    await expect(client(server.baseUrl).listPage('token1155tx', page)).resolves.toEqual([]);
  });

  it('returns null for an unknown receipt and the receipt object otherwise', async () => {
    const receipt = { transactionHash: '0xaa', status: '0x1', gasUsed: '0x5208' };
    const server = await serve([json({ jsonrpc: '2.0', id: 1, result: null }), json({ jsonrpc: '2.0', id: 1, result: receipt })]);
    const api = client(server.baseUrl);
    await expect(api.receipt(10, '0xaa')).resolves.toBeNull();
    await expect(api.receipt(10, '0xaa')).resolves.toEqual(receipt);
    expect(Object.fromEntries(server.requests[0]!.searchParams)).toEqual({
      chainid: '10',
      module: 'proxy',
      action: 'eth_getTransactionReceipt',
      txhash: '0xaa',
      apikey: KEY,
    });
    expect(api.stats.byAction).toEqual({ 'proxy.eth_getTransactionReceipt': 2 });
  });

  it('sends each scalar call with its parameters and parses the answer', async () => {
    const server = await serve([
      envelope('1', 'OK', '9251482'),
      json({ jsonrpc: '2.0', id: 83, result: '0x1b4' }),
      envelope('1', 'OK', '172774397764084972158218'),
      envelope('1', 'OK', '135499'),
      envelope('1', 'OK', '610538078574759898951277'),
      envelope('1', 'OK', '0'),
    ]);
    const api = client(server.baseUrl);
    await expect(api.blockNumberByTime(1, 1578638524, 'before')).resolves.toBe(9251482);
    await expect(api.headBlock(1)).resolves.toBe(436);
    await expect(api.balance(1, '0xde0b')).resolves.toBe('172774397764084972158218');
    await expect(api.tokenBalance(1, '0x57d9', '0xe04f')).resolves.toBe('135499');
    await expect(api.balanceHistory(1, '0xde0b', 8000000)).resolves.toBe('610538078574759898951277');
    await expect(api.tokenBalanceHistory(1, '0x57d9', '0xe04f', 8000000)).resolves.toBe('0');
    const sent = server.requests.map((url) => {
      const { chainid, apikey, ...rest } = Object.fromEntries(url.searchParams);
      expect([chainid, apikey]).toEqual(['1', KEY]);
      return rest;
    });
    expect(sent).toEqual([
      { module: 'block', action: 'getblocknobytime', timestamp: '1578638524', closest: 'before' },
      { module: 'proxy', action: 'eth_blockNumber' },
      { module: 'account', action: 'balance', address: '0xde0b', tag: 'latest' },
      { module: 'account', action: 'tokenbalance', contractaddress: '0x57d9', address: '0xe04f', tag: 'latest' },
      { module: 'account', action: 'balancehistory', address: '0xde0b', blockno: '8000000' },
      { module: 'account', action: 'tokenbalancehistory', contractaddress: '0x57d9', address: '0xe04f', blockno: '8000000' },
    ]);
  });

  it('reads balancemulti as a balance per lowercase address, the recorded answer included', async () => {
    const recorded = etherscanSample('pcko1-get_eth_balance_multiple.json') as { kwargs: { addresses: string[] }; res: unknown };
    const server = await serve([envelope('1', 'OK', recorded.res), envelope('1', 'OK', (recorded.res as unknown[]).slice(1))]);
    const api = client(server.baseUrl);
    const asked = recorded.kwargs.addresses.map((address, n) => (n === 0 ? address.toUpperCase().replace('0X', '0x') : address));
    const balances = await api.balanceMulti(1, asked);
    expect([...balances]).toEqual([
      ['0xddbd2b932c763ba5b1b7ae3b362eac3e8d40121a', '40891631566070000000000'],
      ['0x63a9975ba31b0b9626b34300f7f627147df1f526', '332567136222827062478'],
      ['0x198ef1ec325a96cc354c7266a038be8b5c558f67', '0'],
    ]);
    expect(Object.fromEntries(server.requests[0]!.searchParams)).toMatchObject({
      module: 'account',
      action: 'balancemulti',
      address: asked.join(','),
      tag: 'latest',
    });
    // An answer that leaves out an address asked for is of the wrong shape, not a zero balance.
    const error = await failure(api.balanceMulti(1, asked));
    expect(error).toBeInstanceOf(ApiProtocolError);
    expect(error.message).toContain('expected: a balance for each of 3 addresses');
  });

  it('refuses a data answer of the wrong shape', async () => {
    const server = await serve([envelope('1', 'OK', '1.5e18'), envelope('1', 'OK', { not: 'a list' })]);
    const api = client(server.baseUrl);
    expect(await failure(api.balance(1, '0xabc'))).toBeInstanceOf(ApiProtocolError);
    expect(await failure(api.listPage('txlist', page))).toBeInstanceOf(ApiProtocolError);
  });
});

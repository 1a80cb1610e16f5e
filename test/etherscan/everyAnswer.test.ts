import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exitCodeFor } from '../../src/errors/exitCode.js';
import { LedgerscanError } from '../../src/errors/LedgerscanError.js';
import type { EtherscanApi } from '../../src/etherscan/EtherscanApi.js';
import type { EtherscanClient } from '../../src/etherscan/EtherscanClient.js';
import { featureRefusal } from '../../src/etherscan/OptionalFeatures.js';
import { STREAMS } from '../../src/etherscan/wire.js';
import { CLOUDFLARE_502 } from '../../src/sandbox/apiTexts.js';
import { ETHERSCAN_SAMPLES, SAMPLE_HTTP_STATUS } from '../support/samples.js';
import { fastClient } from './fastClient.js';

/**
 * Every answer an Etherscan-compatible API is known to give instead of data, sent over real HTTP to every
 * method of the client. None may become an internal error (exit 70): each is data, a typed API error
 * (exit 3) that names the request and the base URL, or a refusal an optional feature can take as
 * "unavailable".
 */

const KEY = 'SECRETKEY7X9Q2';
const ADDRESS = '0x1111111111111111111111111111111111111111';
const CONTRACT = '0x2222222222222222222222222222222222222222';
const HASH = `0x${'ab'.repeat(32)}`;

interface Reply {
  status: number;
  contentType: string;
  body: string;
}

/** What a call ends as: `data` when it resolved, else the error's class name. */
type Outcome =
  'data' | 'ApiConfigurationError' | 'ChainNotAvailableError' | 'ApiUnsupportedError' | 'ApiProtocolError' | 'ApiUnavailableError';

const callSites: readonly (readonly [string, (api: EtherscanApi) => Promise<unknown>])[] = [
  ...STREAMS.map(
    (stream) =>
      [
        `listPage ${stream}`,
        (api: EtherscanApi) => api.listPage(stream, { chainId: 1, address: ADDRESS, startBlock: 0, endBlock: 99, offset: 1000 }),
      ] as const,
  ),
  ['receipt', (api) => api.receipt(1, HASH)],
  ['blockNumberByTime', (api) => api.blockNumberByTime(1, 1_700_000_000, 'before')],
  ['headBlock', (api) => api.headBlock(1)],
  ['balance', (api) => api.balance(1, ADDRESS)],
  ['balanceMulti', (api) => api.balanceMulti(1, [ADDRESS, CONTRACT])],
  ['tokenBalance', (api) => api.tokenBalance(1, CONTRACT, ADDRESS)],
  ['balanceHistory', (api) => api.balanceHistory(1, ADDRESS, 5)],
  ['tokenBalanceHistory', (api) => api.tokenBalanceHistory(1, CONTRACT, ADDRESS, 5)],
  ['transactionCount', (api) => api.transactionCount(1, ADDRESS, 5)],
  ['addressTags', (api) => api.addressTags(1, [ADDRESS, CONTRACT])],
  ['exportAddressTags', (api) => api.exportAddressTags(1, 'ofac-sanctioned')],
];

/** Recorded bodies that are not data, with what each becomes at every call site. */
const recorded: Readonly<Record<string, Outcome>> = {
  'blockscout-not-found.json': 'ApiUnsupportedError',
  'blockscout-unknown-action.json': 'ApiUnsupportedError',
  'coredao-missing-invalid-action.json': 'ApiUnsupportedError',
  'docs-addresstokennftbalance-rate-limit.json': 'ApiUnavailableError',
  'docs-chainlist.json': 'ApiProtocolError',
  'docs-eth_sendRawTransaction-jsonrpc-error.json': 'ApiProtocolError',
  'docs-getblockcountdown-error.json': 'ApiProtocolError',
  'docs-getwithdrawaltxs-empty.json': 'ApiProtocolError',
  'docs-max-rate-limit-error.json': 'ApiUnavailableError',
  'docs-v1-deprecated-error.json': 'ApiProtocolError',
  'empty-getlogs-no-records.json': 'ApiProtocolError',
  'empty-txlist-no-transactions.json': 'ApiProtocolError',
  'error-free-tier-chain.json': 'ChainNotAvailableError',
  'error-invalid-api-key-err2.json': 'ApiConfigurationError',
  'error-invalid-api-key.json': 'ApiConfigurationError',
  'error-max-calls-per-sec.json': 'ApiUnavailableError',
  'error-max-rate-limit.json': 'ApiUnavailableError',
  'error-missing-invalid-api-key-v2.json': 'ApiConfigurationError',
  'error-pro-endpoint.json': 'ApiUnsupportedError',
  'error-result-window.json': 'ApiProtocolError',
  'error-v1-keyless-notok.json': 'ApiConfigurationError',
  'etherscan-missing-invalid-action.json': 'ApiUnsupportedError',
  'recorded-tokentx-empty-token-metadata-mainnet-2018.json': 'ApiProtocolError',
  'recorded-uniswap-v2-liquidity-mainnet-2021.json': 'ApiProtocolError',
  'recorded-weth9-wrap-unwrap-mainnet-2022.json': 'ApiProtocolError',
};

/** An empty-set answer is data for the list actions; everywhere else it is an answer of the wrong shape. */
const EMPTY_SETS = new Set(['docs-getwithdrawaltxs-empty.json', 'empty-getlogs-no-records.json', 'empty-txlist-no-transactions.json']);

const html = (status: number, body: string): Reply => ({ status, contentType: 'text/html; charset=UTF-8', body });
const text = (status: number, body: string): Reply => ({ status, contentType: 'text/plain', body });
const jsonBody = (status: number, body: string): Reply => ({ status, contentType: 'application/json', body });

/** Forms with no recorded body: pages, empty and garbled answers, JSON of no known shape. */
const unrecorded: readonly (readonly [string, Reply, Outcome, Partial<Record<string, Outcome>>?])[] = [
  [
    'Cloudflare challenge page under 200',
    html(200, '<html><head><title>Just a moment...</title></head><body></body></html>'),
    'ApiUnavailableError',
  ],
  ['Cloudflare 502 page', html(502, CLOUDFLARE_502), 'ApiUnavailableError'],
  [
    'Blockscout 500 "Something went wrong."',
    jsonBody(500, '{"message":"Something went wrong.","result":null,"status":"0"}'),
    'ApiUnavailableError',
  ],
  ['plain-text 404', text(404, 'Page not found'), 'ApiUnsupportedError'],
  ['HTML 404', html(404, '<html><title>404 Not Found</title></html>'), 'ApiUnsupportedError'],
  ['empty body', jsonBody(200, ''), 'ApiUnavailableError'],
  ['text that is not JSON', text(200, 'upstream connect error or disconnect/reset before headers'), 'ApiProtocolError'],
  ['a JSON array', jsonBody(200, '[]'), 'ApiProtocolError'],
  ['a JSON object of another shape', jsonBody(200, '{"error":"unsupported"}'), 'ApiProtocolError'],
  [
    'status 1 with an object where a list or number belongs',
    jsonBody(200, '{"status":"1","message":"OK","result":{"unexpected":true}}'),
    'ApiProtocolError',
  ],
  ['status 1 with a list of numbers', jsonBody(200, '{"status":"1","message":"OK","result":[1,2,3]}'), 'ApiProtocolError'],
  [
    "status 1 with rows of another explorer's shape",
    jsonBody(200, '{"status":"1","message":"OK","result":[{"block_number":12,"tx_hash":"0x1"}]}'),
    'ApiProtocolError',
  ],
  // On a proxy call a null result is "no such transaction" (the receipt is not there yet).
  ['status 1 with null', jsonBody(200, '{"status":"1","message":"OK","result":null}'), 'ApiProtocolError', { receipt: 'data' }],
  ['NOTOK with a blank result', jsonBody(200, '{"status":"0","message":"NOTOK","result":""}'), 'ApiProtocolError'],
  [
    'an unknown text echoing the key',
    jsonBody(200, `{"status":"0","message":"NOTOK","result":"Error! bad request apikey=${KEY}"}`),
    'ApiProtocolError',
  ],
];

let reply: Reply = jsonBody(200, '');
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((_request, response) => {
    response.writeHead(reply.status, { 'content-type': reply.contentType }).end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function client(): EtherscanClient {
  return fastClient(baseUrl, KEY, { maxRetries: 1 });
}

/** Each call site's outcome for the current reply, checking every error on the way. */
async function outcomes(): Promise<Record<string, Outcome>> {
  const api = client();
  const got: Record<string, Outcome> = {};
  for (const [site, call] of callSites) {
    try {
      await call(api);
      got[site] = 'data';
    } catch (error) {
      expect(error).toBeInstanceOf(LedgerscanError);
      const typed = error as LedgerscanError;
      expect(typed.kind).not.toBe('internal');
      expect(exitCodeFor(typed)).toBe(3);
      expect(typed.message).toContain(`baseUrl: ${baseUrl}`);
      expect(typed.message).toMatch(/request: (account|proxy|block|nametag)\.\w+/);
      expect(`${typed.message} ${typed.stack ?? ''}`).not.toContain(KEY);
      got[site] = typed.constructor.name as Outcome;
    }
  }
  return got;
}

/** Call sites whose answer is a list: "No records found" is an empty list there, not an error. */
const LIST_SITES = /^(listPage|addressTags$)/;

function everywhere(outcome: Outcome, listsGetData = false): Record<string, Outcome> {
  return Object.fromEntries(callSites.map(([site]) => [site, listsGetData && LIST_SITES.test(site) ? 'data' : outcome]));
}

describe('every recorded non-data answer at every call site', () => {
  const files = fs.readdirSync(ETHERSCAN_SAMPLES).filter((file) => file.endsWith('.json') && !file.startsWith('pcko1-'));

  it('covers every recorded body that is not data', () => {
    const notData = files.filter((file) => {
      const body = JSON.parse(fs.readFileSync(`${ETHERSCAN_SAMPLES}/${file}`, 'utf8')) as Record<string, unknown>;
      return !(body['status'] === '1' || (body['jsonrpc'] === '2.0' && 'result' in body));
    });
    expect(notData.sort()).toEqual(Object.keys(recorded).sort());
  });

  it.each(Object.entries(recorded))('%s', async (file, outcome) => {
    reply = jsonBody(SAMPLE_HTTP_STATUS[file] ?? 200, fs.readFileSync(`${ETHERSCAN_SAMPLES}/${file}`, 'utf8'));
    expect(await outcomes()).toEqual(everywhere(outcome, EMPTY_SETS.has(file)));
  });
});

describe('every page, empty or odd answer at every call site', () => {
  it.each(unrecorded)('%s', async (_name, form, outcome, except = {}) => {
    reply = form;
    expect(await outcomes()).toEqual({ ...everywhere(outcome), ...except });
  });
});

describe('which refusals an optional feature takes as "unavailable"', () => {
  const refusalOf = async (form: Reply): Promise<string | undefined> => {
    reply = form;
    try {
      await client().balanceHistory(1, ADDRESS, 5);
    } catch (error) {
      return featureRefusal(error);
    }
    throw new Error('expected a refusal');
  };

  it('unknown actions, plan refusals, 404s, HTML and empty pages and odd shapes: unavailable, with the reason', async () => {
    const sample = (file: string): Reply =>
      jsonBody(SAMPLE_HTTP_STATUS[file] ?? 200, fs.readFileSync(`${ETHERSCAN_SAMPLES}/${file}`, 'utf8'));
    expect(await refusalOf(sample('etherscan-missing-invalid-action.json'))).toBe(
      'the API does not serve account.balancehistory: Error! Missing Or invalid Action name',
    );
    expect(await refusalOf(sample('blockscout-unknown-action.json'))).toBe('the API does not serve account.balancehistory: Unknown action');
    expect(await refusalOf(sample('error-pro-endpoint.json'))).toMatch(
      /^the API does not serve account\.balancehistory: Sorry, .*API Pro endpoint/,
    );
    expect(await refusalOf(text(404, 'Page not found'))).toBe('the API does not serve account.balancehistory: HTTP 404 Page not found');
    expect(await refusalOf(html(200, '<html><title>Just a moment...</title></html>'))).toMatch(
      /after 2 attempts: html: HTTP 200 HTML page: Just a moment/,
    );
    expect(await refusalOf(jsonBody(200, ''))).toMatch(/after 2 attempts: truncated/);
    expect(await refusalOf(jsonBody(200, '{"error":"unsupported"}'))).toMatch(/^unexpected API answer \(unknown\)/);
  });

  it('key errors, the daily limit and throttling stop the run instead', async () => {
    const sample = (file: string): Reply => jsonBody(200, fs.readFileSync(`${ETHERSCAN_SAMPLES}/${file}`, 'utf8'));
    expect(await refusalOf(sample('error-invalid-api-key.json'))).toBeUndefined();
    expect(await refusalOf(sample('error-missing-invalid-api-key-v2.json'))).toBeUndefined();
    expect(await refusalOf(sample('error-max-rate-limit.json'))).toBeUndefined();
    expect(await refusalOf(jsonBody(200, '{"status":"0","message":"NOTOK","result":"Max daily rate limit reached"}'))).toBeUndefined();
  });
});

import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import type { EnvelopeClass, RawAnswer } from '../../src/etherscan/classifyEnvelope.js';
import { classifyEnvelope } from '../../src/etherscan/classifyEnvelope.js';
import { ETHERSCAN_SAMPLES, SAMPLE_HTTP_STATUS } from '../support/samples.js';

type Expected =
  | { kind: 'data' | 'empty' | 'notFound' | 'dailyLimit' | 'splitRange' | 'unknown' }
  | { kind: 'retry'; reason: string; longBackoff?: boolean }
  | { kind: 'configuration' | 'bug' | 'unsupported'; reason: string };

const rateLimit: Expected = { kind: 'retry', reason: 'rate-limit', longBackoff: false };
const data: Expected = { kind: 'data' };

/** Every sample body, classified as a standard (non-proxy) answer unless it is a JSON-RPC body. */
const bySample: Record<string, Expected> = {
  'blockscout-not-found.json': { kind: 'unsupported', reason: 'page-not-found' },
  'blockscout-unknown-action.json': { kind: 'unsupported', reason: 'unknown-action' },
  'coredao-missing-invalid-action.json': { kind: 'unsupported', reason: 'unknown-action' },
  'docs-addresstokennftbalance-rate-limit.json': rateLimit,
  'docs-balance.json': data,
  'docs-balancehistory-PRO.json': data,
  // Not enveloped at all: only the client of /v2/chainlist may read it.
  'docs-chainlist.json': { kind: 'unknown' },
  'docs-eth_getTransactionByHash.json': data,
  'docs-eth_getTransactionReceipt.json': data,
  'docs-eth_sendRawTransaction-jsonrpc-error.json': { kind: 'unknown' },
  'docs-ethsupply.json': data,
  'docs-ethsupply2.json': data,
  'docs-getabi.json': data,
  'docs-getaddresstag-PROPLUS.json': data,
  // An endpoint-specific answer for an endpoint we never call.
  'docs-getblockcountdown-error.json': { kind: 'unknown' },
  'docs-getblocknobytime.json': data,
  'docs-getcontractcreation.json': data,
  'docs-getdeposittxs-optimism.json': data,
  'docs-getlogs-address-topics.json': data,
  'docs-getlogs-by-address.json': data,
  'docs-getsourcecode.json': data,
  'docs-getstatus.json': data,
  'docs-gettxreceiptstatus.json': data,
  'docs-getwithdrawaltxs-empty.json': { kind: 'empty' },
  'docs-max-rate-limit-error.json': rateLimit,
  'docs-token1155tx.json': data,
  'docs-tokenbalance.json': data,
  'docs-tokennfttx.json': data,
  'docs-tokentx.json': data,
  'docs-txlist.json': data,
  'docs-txlistinternal-by-address.json': data,
  'docs-txlistinternal-by-blockrange.json': data,
  'docs-txlistinternal-by-txhash.json': data,
  'docs-txsBeaconWithdrawal.json': data,
  'docs-v1-deprecated-error.json': { kind: 'bug', reason: 'deprecated-v1' },
  'empty-getlogs-no-records.json': { kind: 'empty' },
  'empty-txlist-no-transactions.json': { kind: 'empty' },
  'etherscan-missing-invalid-action.json': { kind: 'unsupported', reason: 'unknown-action' },
  'error-free-tier-chain.json': { kind: 'configuration', reason: 'free-tier-chain' },
  'error-invalid-api-key-err2.json': { kind: 'configuration', reason: 'invalid-key' },
  'error-invalid-api-key.json': { kind: 'configuration', reason: 'invalid-key' },
  'error-max-calls-per-sec.json': rateLimit,
  'error-max-rate-limit.json': rateLimit,
  'error-missing-invalid-api-key-v2.json': { kind: 'configuration', reason: 'missing-key' },
  'error-pro-endpoint.json': { kind: 'unsupported', reason: 'plan' },
  'error-result-window.json': { kind: 'bug', reason: 'result-window' },
  'error-v1-keyless-notok.json': { kind: 'configuration', reason: 'missing-key' },
  'error-v1-keyless-warning-status1.json': data,
  // A bare record, not an answer.
  'recorded-tokentx-empty-token-metadata-mainnet-2018.json': { kind: 'unknown' },
  'recorded-txlist-0x324e2d42-mainnet-2022.json': data,
  'recorded-txlist-0x4c6adf80-mainnet-2018-failed.json': data,
  'recorded-txlist-ethers-rs-2612-mainnet-2023.json': data,
  // One wallet's rows of a DeFi shape, grouped by stream: not an answer either.
  'recorded-uniswap-v2-liquidity-mainnet-2021.json': { kind: 'unknown' },
  'recorded-weth9-wrap-unwrap-mainnet-2022.json': { kind: 'unknown' },
};

function answer(bodyText: string, options: Partial<RawAnswer> = {}): RawAnswer {
  return { httpStatus: 200, contentType: 'application/json', bodyText, isProxy: false, ...options };
}

function envelope(status: string, message: string, result: unknown): string {
  return JSON.stringify({ status, message, result });
}

function readSample(file: string): string {
  return fs.readFileSync(`${ETHERSCAN_SAMPLES}/${file}`, 'utf8');
}

describe('classifyEnvelope on every recorded body', () => {
  const files = fs.readdirSync(ETHERSCAN_SAMPLES).filter((file) => file.endsWith('.json'));

  it('has an expectation for every sample, so a new sample cannot go unclassified', () => {
    const pcko1 = files.filter((file) => file.startsWith('pcko1-'));
    expect(files.filter((file) => !file.startsWith('pcko1-')).sort()).toEqual(Object.keys(bySample).sort());
    expect(pcko1.length).toBeGreaterThan(10);
  });

  it.each(Object.entries(bySample))('%s', (file, expected) => {
    const bodyText = readSample(file);
    const isProxy = 'jsonrpc' in (JSON.parse(bodyText) as object);
    const got = classifyEnvelope(answer(bodyText, { isProxy, httpStatus: SAMPLE_HTTP_STATUS[file] ?? 200 }));
    expect(got).toMatchObject(expected);
    if (got.kind === 'data') expect(got.result).toEqual((JSON.parse(bodyText) as { result: unknown }).result);
  });

  it('reads key errors in the standard envelope on proxy calls too', () => {
    expect(classifyEnvelope(answer(readSample('error-invalid-api-key-err2.json'), { isProxy: true }))).toMatchObject({
      kind: 'configuration',
      reason: 'invalid-key',
    });
    expect(classifyEnvelope(answer(readSample('error-max-rate-limit.json'), { isProxy: true }))).toMatchObject(rateLimit);
  });

  // pcko1 recorded only `result` (as `res`): rebuild the envelope their module would have sent.
  it.each(files.filter((file) => file.startsWith('pcko1-')))('%s (result re-enveloped)', (file) => {
    const { module, res } = JSON.parse(readSample(file)) as { module: string; res: unknown };
    const isProxy = module === 'proxy';
    const bodyText = isProxy ? JSON.stringify({ jsonrpc: '2.0', id: 1, result: res }) : envelope('1', 'OK', res);
    expect(classifyEnvelope(answer(bodyText, { isProxy }))).toEqual({ kind: 'data', result: res });
  });
});

describe('classifyEnvelope on texts with no recorded sample', () => {
  const cases: readonly [string, RawAnswer, EnvelopeClass | Expected][] = [
    [
      'daily limit before the generic rate-limit match',
      answer(envelope('0', 'NOTOK', 'Max daily rate limit reached. 100000 (100k) calls/day')),
      { kind: 'dailyLimit' },
    ],
    ['daily limit in the message', answer(envelope('0', 'Max daily limit reached', '')), { kind: 'dailyLimit' }],
    [
      'Query Timeout (sic: occured)',
      answer(envelope('0', 'NOTOK', 'Query Timeout occured. Please select a smaller result dataset')),
      { kind: 'splitRange' },
    ],
    [
      'free API temporarily unavailable: long backoff',
      answer(envelope('0', 'NOTOK', 'Free API access is temporarily unavailable due to unusually high network activity')),
      { kind: 'retry', reason: 'server-busy', longBackoff: true },
    ],
    [
      'server too busy',
      answer(envelope('0', 'NOTOK', 'Unexpected err, timeout occurred or server too busy. Please try again later')),
      { kind: 'retry', reason: 'server-busy', longBackoff: false },
    ],
    ...(['10001', '10002', '10003'] as const).map((code): [string, RawAnswer, Expected] => [
      `error code ${code}`,
      answer(envelope('0', 'NOTOK', `This could be a temporary error, please retry or contact us (Error Code ${code})`)),
      { kind: 'retry', reason: 'unknown-transient' },
    ]),
    [
      'V1 per-second text is a V1 bug, not throttling',
      answer(envelope('0', 'NOTOK', 'Max calls per sec rate limit reached (2/sec). Please switch to API V2')),
      { kind: 'bug', reason: 'deprecated-v1' },
    ],
    [
      'Cloudflare block page under 403',
      answer(
        '<!DOCTYPE html><html><head><title>Attention Required! | Cloudflare</title></head><body>Sorry, you have been blocked</body></html>',
        {
          httpStatus: 403,
          contentType: 'text/html; charset=UTF-8',
        },
      ),
      { kind: 'retry', reason: 'html', text: 'HTTP 403 HTML page: Attention Required! | Cloudflare', longBackoff: false },
    ],
    [
      'Cloudflare challenge under 200 without a content type',
      answer('<html><head><title>Just a moment...</title></head><body>Checking if the site connection is secure</body></html>', {
        contentType: '',
      }),
      { kind: 'retry', reason: 'html' },
    ],
    [
      '502 HTML from the edge',
      answer('<html><head><title>502 Bad Gateway</title></head></html>', { httpStatus: 502, contentType: 'text/html' }),
      { kind: 'retry', reason: 'http', text: 'HTTP 502 502 Bad Gateway', longBackoff: false },
    ],
    ['HTTP 429', answer('', { httpStatus: 429 }), { kind: 'retry', reason: 'rate-limit' }],
    [
      'plain Page not found',
      answer('Page not found', { httpStatus: 404, contentType: 'text/plain' }),
      { kind: 'unsupported', reason: 'page-not-found' },
    ],
    [
      'plain Page not found under 200',
      answer('Page not found', { contentType: 'text/plain' }),
      { kind: 'unsupported', reason: 'page-not-found' },
    ],
    [
      'an HTML 404 is a wrong URL, not a transient page',
      answer('<html><title>Not Found</title></html>', { httpStatus: 404, contentType: 'text/html' }),
      { kind: 'unsupported', reason: 'page-not-found', text: 'HTTP 404 Not Found' },
    ],
    [
      'JSON mislabelled text/html is still read',
      answer(envelope('1', 'OK', '42'), { contentType: 'text/html; charset=utf-8' }),
      { kind: 'data', result: '42' },
    ],
    ['truncated JSON', answer('{"status":"1","message":"OK","result":[{"blockNumber":"12'), { kind: 'retry', reason: 'truncated' }],
    ['empty body', answer(''), { kind: 'retry', reason: 'truncated' }],
    [
      'text that is not JSON',
      answer('Internal gateway says no', { contentType: 'text/plain' }),
      { kind: 'unknown', text: 'HTTP 200 Internal gateway says no' },
    ],
    ['JSON under a 4xx other than 404', answer(envelope('1', 'OK', []), { httpStatus: 400 }), { kind: 'unknown' }],
    ['NOTOK with a blank result is not empty', answer(envelope('0', 'NOTOK', '')), { kind: 'unknown' }],
    ['blank result with the empty-set message is empty', answer(envelope('0', 'No transactions found', '')), { kind: 'empty' }],
    ['empty-set message with rows is not empty', answer(envelope('0', 'No transactions found', [{}])), { kind: 'unknown' }],
    [
      'status 1 with OK-… message is data',
      answer(envelope('1', 'OK-Missing/Invalid API Key, rate limit of 1/5sec applied', [])),
      { kind: 'data', result: [] },
    ],
    [
      'result-window text in the message with a null result',
      answer(envelope('0', 'Result window is too large, PageNo x Offset size must be less than or equal to 10000', null)),
      { kind: 'bug', reason: 'result-window' },
    ],
    [
      'too many invalid key attempts',
      answer(envelope('0', 'NOTOK', 'Too many invalid api key attempts, please try again later')),
      { kind: 'configuration', reason: 'too-many-invalid-key-attempts' },
    ],
    [
      'missing chainid',
      answer(
        envelope(
          '0',
          'NOTOK',
          'Missing or unsupported chainid parameter (required for v2 api), please see chainlist for the list of supported chainids',
        ),
      ),
      { kind: 'configuration', reason: 'unsupported-chain' },
    ],
    [
      'invalid address',
      answer(envelope('0', 'NOTOK', 'Error! Invalid address format')),
      { kind: 'configuration', reason: 'invalid-address' },
    ],
    [
      'invalid action',
      answer(envelope('0', 'NOTOK', 'Error! Missing Or invalid Action name')),
      { kind: 'unsupported', reason: 'unknown-action', text: 'Error! Missing Or invalid Action name' },
    ],
    [
      'Blockscout: unknown action under HTTP 400',
      answer('{"message":"Unknown action","result":null,"status":"0"}', { httpStatus: 400 }),
      { kind: 'unsupported', reason: 'unknown-action', text: 'Unknown action' },
    ],
    [
      'Blockscout: unknown module under HTTP 400',
      answer('{"message":"Unknown module","result":null,"status":"0"}', { httpStatus: 400 }),
      { kind: 'unsupported', reason: 'unknown-action' },
    ],
    [
      'a Pro Plus refusal',
      answer(
        envelope(
          '0',
          'NOTOK',
          'Sorry, it looks like you are trying to access an API Pro Plus endpoint. Contact us to upgrade to API Pro Plus.',
        ),
      ),
      { kind: 'unsupported', reason: 'plan' },
    ],
    ['proxy: unknown transaction', answer('{"jsonrpc":"2.0","id":1,"result":null}', { isProxy: true }), { kind: 'notFound' }],
    [
      'proxy: hex head block',
      answer('{"jsonrpc":"2.0","id":83,"result":"0x10d4f"}', { isProxy: true }),
      { kind: 'data', result: '0x10d4f' },
    ],
    [
      'proxy: JSON-RPC error carrying a rate-limit text',
      answer('{"jsonrpc":"2.0","id":1,"error":{"code":-32005,"message":"Max rate limit reached"}}', { isProxy: true }),
      { kind: 'retry', reason: 'rate-limit' },
    ],
    ['proxy shape on a non-proxy call', answer('{"jsonrpc":"2.0","id":1,"result":"0x1"}'), { kind: 'unknown' }],
    ['a JSON array', answer('[]'), { kind: 'unknown' }],
  ];

  it.each(cases)('%s', (_name, raw, expected) => {
    expect(classifyEnvelope(raw)).toMatchObject(expected);
  });
});

import { describe, expect, it } from '@jest/globals';
import { EtherscanClient } from '../../src/etherscan/EtherscanClient.js';
import { ApiProtocolError, ApiUnsupportedError } from '../../src/etherscan/errors.js';
import { parseLabelExport } from '../../src/etherscan/parseLabelExport.js';
import { RateLimiter } from '../../src/etherscan/RateLimiter.js';
import type { WireAddressTag } from '../../src/etherscan/WireAddressTag.js';
import { etherscanSample } from '../support/samples.js';

/** `nametag` actions of the client (getaddresstag, exportaddresstags) over a fetch that records every URL. */

const KEY = 'NAMETAGKEY7X9Q2';
const RECORDED = etherscanSample('docs-getaddresstag-PROPLUS.json');
const COINBASE = (RECORDED as { result: WireAddressTag[] }).result[0]!;
/** A label export in the format of the docs' example (semicolons, every cell quoted, the getaddresstag columns); rows made up. */
const EXPORT_CSV = [
  '"address";"nametag";"internal_nametag";"url";"shortdescription";"notes_1";"notes_2";"labels";"labels_slug";"reputation";"other_attributes";"lastupdatedtimestamp"',
  '"0x0000000000000000000000000000000000001111";"Fake_Phishing589039";"";"";"";"There are reports that this address was used in a Phishing scam.";"";"Phish / Hack";"phish-hack";"2";"";"1721899658"',
  '"0x00000000000000000000000000000000000022AA";"";"";"";"";"";"";"Phish / Hack";"phish-hack";"2";"";"1721899658"',
].join('\r\n');

function recordingClient(baseUrl: string, answers: Record<string, () => Response>): { client: EtherscanClient; urls: URL[] } {
  const urls: URL[] = [];
  const fetch = async (input: string | URL | Request): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    urls.push(url);
    const answer = answers[url.searchParams.get('action') ?? url.pathname];
    if (answer === undefined) throw new Error(`unexpected request ${url.pathname}`);
    return answer();
  };
  const client = new EtherscanClient({
    baseUrl,
    apiKey: KEY,
    rate: 1000,
    limiter: new RateLimiter(1000),
    historicalLimiter: new RateLimiter(1000),
    backoffBaseMs: 1,
    backoffCapMs: 2,
    maxRetries: 2,
    fetch: fetch as typeof globalThis.fetch,
  });
  return { client, urls };
}

const jsonAnswer = (body: unknown) => () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

describe('addressTags (getaddresstag)', () => {
  it('asks for a batch of addresses in one call and returns the recorded records as sent', async () => {
    const { client, urls } = recordingClient('https://api.etherscan.io/v2/api', { getaddresstag: jsonAnswer(RECORDED) });
    const other = '0x00000000000000000000000000000000000000aa';
    expect(await client.addressTags(1, [COINBASE.address, other])).toEqual([COINBASE]);
    expect(urls).toHaveLength(1);
    expect(urls[0]!.host).toBe('api.etherscan.io');
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({
      chainid: '1',
      module: 'nametag',
      action: 'getaddresstag',
      address: `${COINBASE.address},${other}`,
      apikey: KEY,
    });
    expect(client.stats.byAction).toEqual({ 'nametag.getaddresstag': 1 });
  });

  it('reports a plan without the action as an unsupported (plan) refusal, and a wrong shape as a protocol error', async () => {
    const refused = recordingClient('https://api.etherscan.io/v2/api', {
      getaddresstag: jsonAnswer(etherscanSample('error-pro-endpoint.json')),
    });
    await expect(refused.client.addressTags(1, [COINBASE.address])).rejects.toMatchObject({ reason: 'plan' });
    await expect(refused.client.addressTags(1, [COINBASE.address])).rejects.toBeInstanceOf(ApiUnsupportedError);
    const odd = recordingClient('https://api.etherscan.io/v2/api', {
      getaddresstag: jsonAnswer({ status: '1', message: 'OK', result: [{ address: 1 }] }),
    });
    await expect(odd.client.addressTags(1, [COINBASE.address])).rejects.toBeInstanceOf(ApiProtocolError);
  });
});

describe('exportAddressTags (exportaddresstags)', () => {
  it('asks the metadata host for Etherscan itself, then downloads the linked file without the key', async () => {
    const link = 'https://files.example/export/ofac.csv?signature=abc';
    const { client, urls } = recordingClient('https://api.etherscan.io/v2/api', {
      exportaddresstags: jsonAnswer({ status: '1', message: 'OK', result: link }),
      '/export/ofac.csv': () => new Response(EXPORT_CSV, { headers: { 'content-type': 'text/csv' } }),
    });
    expect(await client.exportAddressTags(1, 'ofac-sanctioned')).toBe(EXPORT_CSV);
    expect(urls.map((url) => url.host)).toEqual(['api-metadata.etherscan.io', 'files.example']);
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({
      chainid: '1',
      module: 'nametag',
      action: 'exportaddresstags',
      label: 'ofac-sanctioned',
      format: 'csv',
      apikey: KEY,
    });
    expect(urls[1]!.toString()).toBe(link);
  });

  it('keeps any other (compatible) server as it is, and retries a failed download', async () => {
    let downloads = 0;
    const { client, urls } = recordingClient('http://127.0.0.1:9/v2/api', {
      exportaddresstags: jsonAnswer({ status: '1', message: 'OK', result: 'http://127.0.0.1:9/export/1/phish-hack.csv' }),
      '/export/1/phish-hack.csv': () => (++downloads === 1 ? new Response('busy', { status: 503 }) : new Response(EXPORT_CSV)),
    });
    expect(await client.exportAddressTags(1, 'phish-hack')).toBe(EXPORT_CSV);
    expect(urls.map((url) => `${url.host}${url.pathname}`)).toEqual([
      '127.0.0.1:9/v2/api',
      '127.0.0.1:9/export/1/phish-hack.csv',
      '127.0.0.1:9/export/1/phish-hack.csv',
    ]);
  });

  it('refuses an answer that is not a link', async () => {
    const { client } = recordingClient('http://127.0.0.1:9/v2/api', {
      exportaddresstags: jsonAnswer({ status: '1', message: 'OK', result: 'address;nametag' }),
    });
    await expect(client.exportAddressTags(1, 'phish-hack')).rejects.toMatchObject({ reason: 'unexpected-result' });
  });
});

describe('parseLabelExport', () => {
  it('reads the addresses of the docs format, lowercased, each once', () => {
    expect(parseLabelExport(`${EXPORT_CSV}\r\n${EXPORT_CSV.split('\r\n')[1]!}\r\n`)).toEqual([
      '0x0000000000000000000000000000000000001111',
      '0x00000000000000000000000000000000000022aa',
    ]);
  });

  it('accepts commas, skips cells that are not EVM addresses, and refuses a file without an address column', () => {
    expect(
      parseLabelExport('address,nametag\n0x0000000000000000000000000000000000003333,x\nbc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh,y\n'),
    ).toEqual(['0x0000000000000000000000000000000000003333']);
    expect(parseLabelExport('')).toEqual([]);
    expect(() => parseLabelExport('"nametag";"labels"\n"a";"b"\n')).toThrow(ApiProtocolError);
  });
});

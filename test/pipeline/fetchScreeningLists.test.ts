import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EtherscanClient } from '../../src/etherscan/EtherscanClient.js';
import { RateLimiter } from '../../src/etherscan/RateLimiter.js';
import { ApiConfigurationError, ApiProtocolError, ApiUnsupportedError, DailyLimitError } from '../../src/etherscan/errors.js';
import { fetchScreeningLists, LIST_MAX_AGE_MS } from '../../src/pipeline/fetchScreeningLists.js';
import { nametagRefusal } from '../../src/pipeline/nametagRefusal.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/startSandbox.js';
import { worldLabelList } from '../../src/sandbox/worldTags.js';
import { openSqliteStore } from '../../src/store/openSqliteStore.js';

/** The screening lists against the sandbox's label exports: stored with their date, used for a week, then replaced whole. */

const world = generateWorld({ seed: 3, scale: 0.05, chains: [1] });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-lists-'));
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ world, rate: 1000 });
});
afterAll(async () => {
  await sandbox.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const client = () =>
  new EtherscanClient({
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    rate: 1000,
    limiter: new RateLimiter(1000),
    historicalLimiter: new RateLimiter(1000),
  });

describe('fetchScreeningLists', () => {
  it('stores each list with its date, keeps it for a week, then fetches it again', async () => {
    const store = openSqliteStore(path.join(dir, 'state.db'));
    const day0 = new Date('2026-01-01T00:00:00Z');
    const first = await fetchScreeningLists(store, client(), [1], () => day0);
    expect(first).toEqual({
      calls: 2,
      refused: null,
      lists: ['ofac-sanctioned', 'phish-hack'].map((label) => ({
        chainId: 1,
        label,
        addresses: worldLabelList(world, 1, label).length,
        fetchedAt: day0.toISOString(),
      })),
    });
    const ofac = worldLabelList(world, 1, 'ofac-sanctioned');
    expect([...store.screeningLists.listsOf(1, [...ofac, '0x00000000000000000000000000000000000000aa']).keys()].sort()).toEqual(
      [...ofac].sort(),
    );

    const withinWeek = new Date(day0.getTime() + LIST_MAX_AGE_MS);
    expect((await fetchScreeningLists(store, client(), [1], () => withinWeek)).calls).toBe(0);
    const later = new Date(day0.getTime() + LIST_MAX_AGE_MS + 1000);
    const refreshed = await fetchScreeningLists(store, client(), [1], () => later);
    expect(refreshed.calls).toBe(2);
    expect(refreshed.lists.map((list) => list.fetchedAt)).toEqual([later.toISOString(), later.toISOString()]);
    store.close();
  });
});

describe('nametagRefusal', () => {
  it('turns a plan refusal, an unknown action and an answer in unknown words into one line; anything else still stops the run', () => {
    expect(
      nametagRefusal(
        new ApiUnsupportedError('plan', 'Sorry, it looks like you are trying to access an API Pro endpoint.', {
          request: 'nametag.getaddresstag',
        }),
      ),
    ).toBe('the API does not serve nametag.getaddresstag: Sorry, it looks like you are trying to access an API Pro endpoint.');
    expect(
      nametagRefusal(
        new ApiUnsupportedError('unknown-action', 'Error! Missing Or invalid Action name', { request: 'nametag.getaddresstag' }),
      ),
    ).toBe('the API does not serve nametag.getaddresstag: Error! Missing Or invalid Action name');
    expect(nametagRefusal(new ApiProtocolError('unknown', 'Upgrade to API Pro Plus to use this endpoint'))).toMatch(
      /Upgrade to API Pro Plus to use this endpoint/,
    );
    expect(() => nametagRefusal(new ApiConfigurationError('invalid-key', 'Invalid API Key'))).toThrow(ApiConfigurationError);
    expect(() => nametagRefusal(new DailyLimitError('Max daily rate limit reached', new Date()))).toThrow(DailyLimitError);
  });
});

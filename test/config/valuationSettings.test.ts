import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import type { JobFlags } from '../../src/config/JobFlags.js';
import { loadJob } from '../../src/config/loadJob.js';
import { exitCodeFor } from '../../src/errors/exitCode.js';
import { inputErrorOf } from '../support/inputErrorOf.js';

const KEY = 'SECRET-KEY-0123456789';
const CG_KEY = 'CG-secret-0123456789abcdef';
const base: JobFlags = { address: ['0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'], chain: ['1'], year: '2025', template: ['ledger'] };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-valuation-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function load(flags: JobFlags, valuation?: unknown, env: NodeJS.ProcessEnv = { ETHERSCAN_API_KEY: KEY }) {
  const file = path.join(dir, 'job.json');
  fs.writeFileSync(file, JSON.stringify(valuation === undefined ? {} : { valuation }));
  return loadJob({ flags: { ...base, ...flags, config: file }, env, knownTemplates: ['ledger'], cwd: dir });
}

describe('valuation settings', () => {
  it('reads the job file block, with flags over it and the price file beside the job', () => {
    const job = load({ currency: 'eur' }, { currency: 'GBP', sources: ['file', 'defillama'], priceFile: 'prices.csv', maxAge: '2h' });
    expect(job.valuation).toMatchObject({
      currency: 'EUR',
      sources: ['file', 'defillama'],
      priceFile: path.join(dir, 'prices.csv'),
      maxAge: 7200,
    });
  });

  it('takes the sources in flag order, a price file alone putting file first, and nothing with --no-values', () => {
    expect(load({ priceSource: ['etherscan', 'defillama'] }).valuation?.sources).toEqual(['etherscan', 'defillama']);
    expect(load({ priceFile: 'mine.csv' }).valuation?.sources).toEqual(['file', 'defillama']);
    expect(load({ values: false }, { currency: 'EUR' }).valuation).toBeUndefined();
  });

  it("points the price sources at the sandbox's own endpoints on a loopback base URL, and at the public ones otherwise", () => {
    expect(load({ baseUrl: 'http://127.0.0.1:4100/v2/api' }).valuation?.urls).toEqual({
      defillama: 'http://127.0.0.1:4100/prices/defillama',
      coingecko: 'http://127.0.0.1:4100/prices/coingecko/api/v3',
      ecb: 'http://127.0.0.1:4100/prices/ecb',
      etherscan: 'http://127.0.0.1:4100/v2/api',
    });
    const real = load({ baseUrl: 'https://api.etherscan.io/v2/api', priceUrl: ['defillama=https://proxy.example/llama'] }).valuation?.urls;
    expect(real).toMatchObject({ defillama: 'https://proxy.example/llama', ecb: 'https://www.ecb.europa.eu' });
  });

  it('names each bad field and its fix in one line, exit 2', () => {
    const error = inputErrorOf(() =>
      load({ currency: 'JPY', priceSource: ['llama'], priceUrl: ['binance=https://x'] }, { maxAge: 'a day' }),
    );
    expect(exitCodeFor(error)).toBe(2);
    expect(error.message).not.toContain('\n');
    expect(error.message).toContain('--currency "JPY" is not a book currency (use one of USD, EUR, GBP, CHF)');
    expect(error.message).toContain('--price-source "llama" is not a price source');
    expect(error.message).toContain('--price-url "binance=https://x" is not NAME=URL');
    expect(error.message).toContain('valuation.maxAge "a day" is not a duration');
    expect(inputErrorOf(() => load({}, { sources: ['file'] })).message).toContain('price source file needs a price file');
    expect(inputErrorOf(() => load({}, { unknown: 1 })).message).toContain('valuation.unknown');
  });

  it('takes the CoinGecko key from the environment only and never shows it', () => {
    expect(inputErrorOf(() => load({ priceSource: ['coingecko'] })).message).toContain('set COINGECKO_API_KEY in the environment');
    const env = { ETHERSCAN_API_KEY: KEY, COINGECKO_API_KEY: CG_KEY };
    expect(load({ priceSource: ['coingecko'] }, undefined, env).valuation?.coingeckoKey).toBe(CG_KEY);
    const error = inputErrorOf(() => load({ currency: CG_KEY, priceSource: ['coingecko'] }, undefined, env));
    expect(error.message).toContain('--currency');
    expect(JSON.stringify([error.message, error.details])).not.toContain(CG_KEY);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import type { JobFlags } from '../../src/config/JobFlags.js';
import { loadJob } from '../../src/config/loadJob.js';
import { inputErrorOf } from '../support/inputErrorOf.js';

const KEY = 'SECRET-KEY-0123456789';
const VITALIK = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const OTHER = '0x00000000219ab540356cbb839cbe05303d7705fa';
const knownTemplates = ['ledger', 'koinly'];
const base: JobFlags = { address: [VITALIK], chain: ['1'], year: '2025', template: ['ledger'] };

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-config-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let files = 0;

function writeJob(content: unknown): string {
  files += 1;
  const file = path.join(dir, `job-${files}.json`);
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return file;
}

function load(flags: JobFlags, file?: unknown, env: NodeJS.ProcessEnv = { ETHERSCAN_API_KEY: KEY }) {
  const config = file === undefined ? flags.config : writeJob(file);
  return loadJob({ flags: { ...flags, config }, env, knownTemplates, cwd: dir });
}

describe('loadJob', () => {
  it('builds a job from flags alone, with defaults', () => {
    const job = load(base);
    expect(job).toEqual({
      wallets: [{ address: VITALIK.toLowerCase(), label: '0xd8da...6045', chains: null }],
      chains: [1],
      period: { from: '2025-01-01', to: '2025-12-31', startTime: 1735689600, endTime: 1767225600 },
      timezone: 'UTC',
      templates: ['ledger'],
      templateFiles: [],
      out: path.join(dir, 'out'),
      state: path.join(dir, '.ledgerscan/state.db'),
      api: { baseUrl: 'https://api.etherscan.io/v2/api', rate: 3, historicalRate: 2, dailyQuota: 100_000, apiKey: KEY },
      fees: 'auto',
      labels: {},
      apiLabels: false,
      xlsx: false,
      rules: [],
      spam: { allow: [], deny: [] },
      ripeness: {},
      valuation: {
        currency: 'USD',
        sources: ['defillama'],
        maxAge: 86400,
        urls: {
          defillama: 'https://coins.llama.fi',
          coingecko: 'https://api.coingecko.com/api/v3',
          ecb: 'https://www.ecb.europa.eu',
          etherscan: 'https://api.etherscan.io/v2/api',
        },
      },
      quiet: false,
    });
  });

  it('reads a job file, resolving its relative paths from its own folder', () => {
    const sub = path.join(dir, 'client');
    fs.mkdirSync(sub, { recursive: true });
    const file = path.join(sub, 'job.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        wallets: [
          { address: VITALIK, label: 'Main' },
          { address: OTHER, chains: [10] },
        ],
        chains: [1, 10],
        period: { from: '2025-04-06', to: '2026-04-05' },
        timezone: 'Europe/London',
        templates: ['ledger', 'koinly'],
        templateFiles: ['custom.json'],
        out: 'out/2025',
        state: 'state.db',
        api: { baseUrl: 'http://127.0.0.1:8545/v2/api', rate: 0.5, historicalRate: 10, dailyQuota: 500_000 },
        fees: 'receipts',
        labels: { [OTHER.toUpperCase().replace('0X', '0x')]: 'Deposit contract' },
        spam: { allow: [OTHER], deny: [VITALIK.toLowerCase()] },
        ripeness: { '10': 10 },
      }),
    );
    const job = loadJob({ flags: { config: 'client/job.json', quiet: true }, env: { ETHERSCAN_API_KEY: KEY }, knownTemplates, cwd: dir });
    expect(job.wallets).toEqual([
      { address: VITALIK.toLowerCase(), label: 'Main', chains: null },
      { address: OTHER, label: '0x0000...05fa', chains: [10] },
    ]);
    expect(job.period).toEqual({ from: '2025-04-06', to: '2026-04-05', startTime: 1743894000, endTime: 1775430000 });
    expect(job.templateFiles).toEqual([path.join(sub, 'custom.json')]);
    expect(job.out).toBe(path.join(sub, 'out/2025'));
    expect(job.state).toBe(path.join(sub, 'state.db'));
    expect(job.api).toEqual({ baseUrl: 'http://127.0.0.1:8545/v2/api', rate: 0.5, historicalRate: 10, dailyQuota: 500_000, apiKey: KEY });
    expect(job.fees).toBe('receipts');
    expect(job.labels).toEqual({ [OTHER]: 'Deposit contract' });
    expect(job.spam).toEqual({ allow: [OTHER], deny: [VITALIK.toLowerCase()] });
    expect(job.ripeness).toEqual({ 10: 10 });
    expect(job.quiet).toBe(true);
  });

  it('lets flags override the file: lists are replaced, the period as a whole, paths from the cwd', () => {
    const file = { wallets: [{ address: OTHER }], chains: [1, 10], period: { year: 2024 }, templates: ['koinly'], out: 'file-out' };
    const job = load(
      { address: [VITALIK], chain: [137], from: '2025-01-01', to: '2025-01-31', template: ['ledger'], out: 'flag-out', apiKey: 'FLAG-KEY' },
      file,
    );
    expect(job.wallets.map((w) => w.address)).toEqual([VITALIK.toLowerCase()]);
    expect(job.chains).toEqual([137]);
    expect(job.period.from).toBe('2025-01-01');
    expect(job.templates).toEqual(['ledger']);
    expect(job.out).toBe(path.join(dir, 'flag-out'));
    expect(job.api.apiKey).toBe('FLAG-KEY');
  });

  it('accepts all-lowercase and all-uppercase addresses and lowercases them', () => {
    const upper = `0x${VITALIK.slice(2).toUpperCase()}`;
    const job = load({ ...base, address: [upper, OTHER] });
    expect(job.wallets.map((w) => w.address)).toEqual([VITALIK.toLowerCase(), OTHER]);
  });

  it('takes a single (non-array) repeatable flag value and numeric flags as numbers', () => {
    const job = load({ address: VITALIK, chain: 10, year: 2024, template: 'ledger', rate: 5 });
    expect(job.chains).toEqual([10]);
    expect(job.api.rate).toBe(5);
    expect(job.period.from).toBe('2024-01-01');
  });

  it("paces the historical-balance endpoints at Etherscan's 2 calls/s unless the flag or the file raises it", () => {
    expect(load(base).api.historicalRate).toBe(2);
    expect(load({ ...base, historicalRate: '25' }).api.historicalRate).toBe(25);
  });

  const bad = `${VITALIK.slice(0, 5)}a${VITALIK.slice(6)}`; // 0xd8da6B…: mixed case, one letter off
  const cases: { name: string; flags?: JobFlags; file?: unknown; env?: NodeJS.ProcessEnv; expected: string[] }[] = [
    { name: 'no address', flags: { ...base, address: undefined }, expected: ['no wallet given', '--address'] },
    {
      name: 'bad address',
      flags: { ...base, address: ['0x12'] },
      expected: ['--address "0x12" is not a 20-byte hex address', '40 hex digits'],
    },
    { name: 'wrong EIP-55 checksum', flags: { ...base, address: [bad] }, expected: [`--address "${bad}" fails its EIP-55 checksum`] },
    {
      name: 'duplicate address',
      flags: { ...base, address: [VITALIK, VITALIK.toLowerCase()] },
      expected: ['repeats --address', 'list each wallet once'],
    },
    {
      name: 'unknown chain id',
      flags: { ...base, chain: ['999999'] },
      expected: ['--chain 999999 is not a supported chain', "chain ids 'ledgerscan chains' lists"],
    },
    { name: 'chain id not a number', flags: { ...base, chain: ['eth'] }, expected: ['--chain "eth" is not a chain id'] },
    { name: 'no chain', flags: { ...base, chain: undefined }, expected: ['no chain given', '--chain 1'] },
    { name: 'no period', flags: { ...base, year: undefined }, expected: ['period is missing', '--year'] },
    {
      name: 'both --year and --from',
      flags: { ...base, from: '2025-01-01', to: '2025-02-01' },
      expected: ['--year and --from are both given'],
    },
    {
      name: '--from without --to',
      flags: { ...base, year: undefined, from: '2025-01-01' },
      expected: ['--from is given without its to date', 'add --to'],
    },
    {
      name: '--from after --to',
      flags: { ...base, year: undefined, from: '2025-05-01', to: '2025-04-01' },
      expected: ['--from "2025-05-01" is after --to "2025-04-01" (swap them)'],
    },
    {
      name: 'impossible date',
      flags: { ...base, year: undefined, from: '2025-02-30', to: '2025-03-01' },
      expected: ['--from "2025-02-30" does not exist on the calendar'],
    },
    {
      name: 'malformed date',
      flags: { ...base, year: undefined, from: '2025-1-1', to: '2025-03-01' },
      expected: ['--from "2025-1-1" is not a date', 'YYYY-MM-DD'],
    },
    { name: 'year out of range', flags: { ...base, year: '1999' }, expected: ['--year "1999" is out of range', 'from 2015 to 2100'] },
    { name: 'year not a number', flags: { ...base, year: '20x5' }, expected: ['--year "20x5" is not a year'] },
    { name: 'unknown time zone', flags: { ...base, timezone: 'Mars/Olympus' }, expected: ['--timezone "Mars/Olympus" is unknown', 'IANA'] },
    {
      name: 'unknown template',
      flags: { ...base, template: ['koinlyy'] },
      expected: ['--template "koinlyy" is not a known template', 'ledger, koinly'],
    },
    { name: 'no template', flags: { ...base, template: undefined }, expected: ['no template given', '--template NAME', 'ledger, koinly'] },
    { name: 'malformed job JSON', file: '{\n  "chains": [1,\n  "year" 2025\n}', expected: ['is not valid JSON', 'line 3 column'] },
    {
      name: 'job file missing',
      flags: { ...base, config: 'nope/job.json' },
      expected: ['job file', 'nope/job.json does not exist', '--config'],
    },
    { name: 'job file not an object', file: [1, 2], expected: ['job file must hold a JSON object', 'it holds an array'] },
    {
      name: 'unknown job keys',
      file: { wallet: [{ address: VITALIK }], chains: [1] },
      expected: ['job file key "wallet" is unknown (did you mean "wallets"?)'],
    },
    {
      name: 'nested unknown key',
      file: { api: { baseURL: 'https://x' } },
      expected: ['job file key "api.baseURL" is unknown (did you mean "baseUrl"?)'],
    },
    {
      name: 'wallet label not a string',
      file: { wallets: [{ address: VITALIK, label: 7 }] },
      expected: ['wallets[0].label 7 is not a text label'],
    },
    {
      name: 'wallet chains not in the job chains',
      file: { wallets: [{ address: VITALIK, chains: [10] }], chains: [1] },
      expected: ["wallets[0].chains[0] 10 is not one of the job's chains 1"],
    },
    { name: 'rate not a positive number', flags: { ...base, rate: '0' }, expected: ['--rate "0" is not a positive number'] },
    { name: 'rate not a number in the file', file: { api: { rate: 'fast' } }, expected: ['api.rate "fast" is not a positive number'] },
    {
      name: 'historical rate not a positive number',
      flags: { ...base, historicalRate: '-1' },
      expected: ['--historical-rate "-1" is not a positive number'],
    },
    {
      name: 'historical rate not a number in the file',
      file: { api: { historicalRate: 'max' } },
      expected: ['api.historicalRate "max" is not a positive number'],
    },
    {
      name: 'fee source unknown',
      flags: { ...base, fees: 'receipt' },
      expected: ['--fees "receipt" is not a fee source', '"auto", or "receipts"'],
    },
    { name: 'fee source not a string in the file', file: { fees: true }, expected: ['fees true is not a fee source'] },
    {
      name: 'daily quota not a whole number',
      flags: { ...base, dailyQuota: '1e5' },
      expected: ['--daily-quota "1e5" is not a positive whole number of calls per day'],
    },
    {
      name: 'daily quota zero in the file',
      file: { api: { dailyQuota: 0 } },
      expected: ['api.dailyQuota 0 is not a positive whole number'],
    },
    {
      name: 'base URL not http(s)',
      flags: { ...base, baseUrl: 'ftp://example.com/api' },
      expected: ['--base-url "ftp://example.com/api" is not an http(s) URL'],
    },
    {
      name: 'base URL carrying a key',
      flags: { ...base, baseUrl: `https://api.etherscan.io/v2/api?apikey=${KEY}` },
      expected: ['--base-url carries an apikey parameter'],
    },
    { name: 'missing API key', env: {}, expected: ['API key is missing (pass --api-key or set ETHERSCAN_API_KEY)'] },
    {
      name: 'apiKey in the job file',
      file: { api: { apiKey: 'FILE-KEY-987654' } },
      expected: ['"api.apiKey" is refused', '--api-key or set ETHERSCAN_API_KEY'],
    },
    { name: 'top-level apiKey in the job file', file: { apiKey: 'FILE-KEY-987654' }, expected: ['"apiKey" is refused'] },
    {
      name: 'spam entries not addresses',
      file: { spam: { allow: ['usdc'], deny: [42] } },
      expected: ['spam.allow[0] "usdc" is not a 20-byte hex address', 'spam.deny[0] 42 is not'],
    },
    {
      name: 'labels keys not addresses',
      file: { labels: { binance: 'Binance' } },
      expected: ['labels key "binance" is not a 20-byte hex address'],
    },
    {
      name: 'ripeness not a block count',
      file: { ripeness: { '1': -5, '999999': 3 } },
      expected: ['ripeness["1"] -5 is not a block count', 'ripeness key 999999 is not a supported chain'],
    },
  ];

  it.each(cases)('reports $name, naming the field', ({ flags, file, env, expected }) => {
    // A job file's cases run without flags, which would replace the file's values.
    const error = inputErrorOf(() => load(flags ?? (file === undefined ? base : {}), file, env));
    for (const text of expected) expect(error.message).toContain(text);
    expect(error.message).toMatch(/^job has \d+ problems?: /);
    expect(error.message).not.toMatch(/\n/);
    expect(error.message).not.toContain(KEY);
    expect(error.message).not.toContain('FILE-KEY-987654');
    expect(error.kind).toBe('input');
  });

  it('reports every mistake of a job file at once, and never echoes the key', () => {
    const file = {
      wallet: [],
      wallets: [{ address: '0x12', label: 'Main' }, { address: KEY }],
      chains: [1, 'eth'],
      period: { from: '2025-05-01', to: '2025-04-01' },
      timezone: 'Mars/Olympus',
      templates: ['nope'],
      api: { baseUrl: 'file:///etc/passwd', rate: -1 },
    };
    const error = inputErrorOf(() => load({}, file));
    expect(error.message).toMatch(/^job has 9 problems: /);
    for (const field of [
      '"wallet"',
      'wallets[0].address',
      'wallets[1].address',
      'chains[1]',
      'period.from',
      'timezone',
      'templates[0]',
      'api.baseUrl',
      'api.rate',
    ]) {
      expect(error.message).toContain(field);
    }
    expect(error.message).not.toContain(KEY);
    expect(error.message).toContain('***');
    expect(error.details.file).toMatch(/job-\d+\.json$/);
  });

  it('hides a key even when a long value quoting it is cut short', () => {
    const label = `${'x'.repeat(40)}${KEY}`;
    const error = inputErrorOf(() => load({}, { wallets: [{ address: VITALIK, label: { note: label } }] }));
    expect(error.message).toContain('wallets[0].label');
    expect(error.message).not.toContain(KEY.slice(0, 8));
  });

  it('masks a one-letter key only where it stands whole, as the one redaction in src/secrets does', () => {
    const error = inputErrorOf(() => load({ ...base, apiKey: 'k' }, '{\n  "wallets": [],\n  "chains": [1, 10,]\n}'));
    expect(error.message).toContain("Unexpected token ']'");
    expect(error.message).toMatch(/job-\d+\.json is not valid JSON/);
    expect(error.message).not.toContain('***');
    const pasted = inputErrorOf(() => load({ ...base, apiKey: 'k', address: ['k'] }));
    expect(pasted.message).toContain('--address "***"');
    expect(pasted.message).not.toContain('"k"');
  });

  it('names the line and column of a trailing comma, which V8 reports without an offset', () => {
    const error = inputErrorOf(() => load(base, '{\n  "wallets": [],\n  "chains": [1, 10,]\n}'));
    expect(error.message).toMatch(/is not valid JSON: Unexpected token '\]' at line 3 column 20 \(fix the JSON there\)$/);
    const object = inputErrorOf(() => load(base, '{\n  "wallets": [],\n}'));
    expect(object.message).toContain('at line 3 column 1');
  });

  it('takes a chain by its slug or name as `ledgerscan chains` lists them, in any case', () => {
    expect(load({ ...base, chain: ['arbitrum', 'OP Mainnet', 'Ethereum'] }).chains).toEqual([42161, 10, 1]);
    expect(inputErrorOf(() => load({ ...base, chain: ['arbitrum-one'] })).message).toContain(
      '--chain "arbitrum-one" is not a chain id, slug or name',
    );
    expect(
      load(
        {},
        {
          wallets: [{ address: VITALIK, chains: ['optimism'] }],
          chains: ['ethereum', 'optimism'],
          period: { year: 2025 },
          templates: ['ledger'],
        },
      ).chains,
    ).toEqual([1, 10]);
  });

  it('names the line and column of a JSON syntax error without quoting the file', () => {
    const error = inputErrorOf(() => load(base, '{\n  "wallets": [],\n  "x": "FILE-KEY-987654" oops\n}'));
    expect(error.message).toContain("Expected ',' or '}' after property value at line 3 column 26");
    expect(error.message).not.toContain('FILE-KEY-987654');
  });
});

import { openSqlite } from '../../src/db/sqlite/openSqlite.js';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { checksumAddress } from '../../src/config/checksumAddress.js';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import { E2E_RATE, e2eWorld, exportArgs, tempDir } from '../support/e2eWorld.js';
import { runInProcess } from '../support/runLedgerscan.js';

const KEY = 'BADINPUTKEY4Q7Z9X2W';

/** Where one case runs: its own copy of a real store, an out dir that must stay empty, a place for job and template files. */
interface CaseDir {
  dir: string;
  out: string;
  state: string;
  /** A regular file: a folder under it can never be created, whoever runs the test (root included). */
  file: string;
  url: string;
  write(name: string, text: string): string;
}

interface BadInputCase {
  name: string;
  args(at: CaseDir): string[];
  env?: NodeJS.ProcessEnv;
  /** What the one line must say: the field, and the fix. */
  says: RegExp[];
}

/** A plain one-wallet export over flags; `flags` replaces (or with `null` removes) a flag, a list repeats it. */
function flagsExport(at: CaseDir, flags: Record<string, string | string[] | null> = {}, command = 'export'): string[] {
  const base: Record<string, string | string[] | null> = {
    '--address': WALLET,
    '--chain': '1',
    '--year': '2025',
    '--template': 'ledger',
    '--out': at.out,
    '--state': at.state,
    '--base-url': at.url,
    '--api-key': KEY,
    '--rate': String(E2E_RATE),
    '--quiet': '',
    ...flags,
  };
  return [
    command,
    ...Object.entries(base).flatMap(([flag, value]) =>
      value === null ? [] : value === '' ? [flag] : (Array.isArray(value) ? value : [value]).flatMap((one) => [flag, one]),
    ),
  ];
}

/** An export from a job file; out, state, base URL and key come as flags so that the file holds only the case's mistakes. */
function fileExport(at: CaseDir, job: unknown): string[] {
  const text = typeof job === 'string' ? job : JSON.stringify(job, null, 2);
  return [
    'export',
    '--config',
    at.write('job.json', text),
    '--out',
    at.out,
    '--state',
    at.state,
    '--base-url',
    at.url,
    '--api-key',
    KEY,
    '--quiet',
  ];
}

/** A file-priced export whose price file holds `line` as its one price: its line 2. */
function priceFileExport(at: CaseDir, line: string): string[] {
  return flagsExport(at, {
    '--price-source': 'file',
    '--price-file': at.write('prices.csv', `time,chain,asset,currency,price\n${line}\n`),
  });
}

const WALLET = '0xf09481c386e8817c93c8f7b13edb075f517cd647';
const GOOD_JOB = { wallets: [{ address: WALLET, label: 'Main' }], chains: [1], period: { year: 2025 }, templates: ['ledger'] };

/** The checksummed address with the case of its first letter flipped: exactly the typo EIP-55 catches. */
function miscased(address: string): string {
  const checksummed = checksumAddress(address);
  const at = checksummed.slice(2).search(/[a-fA-F]/) + 2;
  const letter = checksummed.charAt(at);
  const flipped = letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase();
  return `${checksummed.slice(0, at)}${flipped}${checksummed.slice(at + 1)}`;
}

const INVALID_TEMPLATE = JSON.stringify({
  name: 'My Format',
  layout: 'sideways',
  fileName: 'x.csv',
  columns: [{ header: 'when', field: 'entry.no_such_field' }],
});

const cases: BadInputCase[] = [
  {
    // V8 quotes a long file in a truncated form (`, ..."…"... is not valid JSON`) that must not reach stderr either.
    name: 'malformed job JSON in a real-sized file',
    args: (at) => fileExport(at, JSON.stringify(GOOD_JOB, null, 2).replace('"chains": [\n    1\n  ]', '"chains": [1,]')),
    says: [/job\.json is not valid JSON: Unexpected token/, /fix the JSON there/],
  },
  { name: 'address too short', args: (at) => flagsExport(at, { '--address': '0x1234' }), says: [/--address "0x1234"/, /40 hex digits/] },
  {
    name: 'address with non-hex digits',
    args: (at) => flagsExport(at, { '--address': `0x${'z'.repeat(40)}` }),
    says: [/--address/, /not a 20-byte hex address/],
  },
  {
    name: 'ENS name instead of an address',
    args: (at) => flagsExport(at, { '--address': 'vitalik.eth' }),
    says: [/--address "vitalik\.eth"/, /0x followed by 40 hex digits/],
  },
  {
    name: 'wrong EIP-55 checksum',
    args: (at) => flagsExport(at, { '--address': miscased(WALLET) }),
    says: [/--address/, /EIP-55 checksum/, /re-copy the address/],
  },
  {
    name: 'the same wallet twice',
    args: (at) => flagsExport(at, { '--address': [WALLET, WALLET.toUpperCase().replace('0X', '0x')] }),
    says: [/--address/, /repeats/, /list each wallet once/],
  },
  {
    name: 'unknown chain id',
    args: (at) => flagsExport(at, { '--chain': '999999' }),
    says: [/--chain 999999 is not a supported chain/, /ledgerscan chains/],
  },
  {
    name: 'chain given by name',
    args: (at) => flagsExport(at, { '--chain': 'eth' }),
    says: [/--chain "eth" is not a chain id/, /use a number such as 1/],
  },
  { name: 'no chain', args: (at) => flagsExport(at, { '--chain': null }), says: [/no chain given/, /pass --chain 1/] },
  { name: 'no wallet', args: (at) => flagsExport(at, { '--address': null }), says: [/no wallet given/, /pass --address/] },
  {
    name: '--from after --to',
    args: (at) => flagsExport(at, { '--year': null, '--from': '2025-06-01', '--to': '2025-01-31' }),
    says: [/--from "2025-06-01" is after --to "2025-01-31"/, /swap them/],
  },
  {
    name: 'impossible date',
    args: (at) => flagsExport(at, { '--year': null, '--from': '2025-02-30', '--to': '2025-03-31' }),
    says: [/--from/, /2025-02-30/],
  },
  {
    name: 'date in another format',
    args: (at) => flagsExport(at, { '--year': null, '--from': '01/02/2025', '--to': '2025-03-31' }),
    says: [/--from/, /YYYY-MM-DD/],
  },
  {
    name: '--from without --to',
    args: (at) => flagsExport(at, { '--year': null, '--from': '2025-01-01' }),
    says: [/--from is given without its to date/, /add --to YYYY-MM-DD/],
  },
  {
    name: '--year and --from together',
    args: (at) => flagsExport(at, { '--from': '2025-01-01', '--to': '2025-02-01' }),
    says: [/--year and --from are both given/, /either a year or a from\/to range/],
  },
  { name: 'year not a number', args: (at) => flagsExport(at, { '--year': '20x5' }), says: [/--year "20x5" is not a year/, /four digits/] },
  { name: 'year out of range', args: (at) => flagsExport(at, { '--year': '1899' }), says: [/--year/, /out of range/, /use a year from/] },
  { name: 'no period', args: (at) => flagsExport(at, { '--year': null }), says: [/period is missing/, /pass --year 2025/] },
  {
    name: 'unknown time zone',
    args: (at) => flagsExport(at, { '--timezone': 'Mars/Olympus_Mons' }),
    says: [/--timezone "Mars\/Olympus_Mons" is unknown/, /IANA name/],
  },
  {
    name: 'unknown template',
    args: (at) => flagsExport(at, { '--template': 'koinlyy' }),
    says: [/--template "koinlyy" is not a known template/, /use one of .*koinly/],
  },
  { name: 'no template', args: (at) => flagsExport(at, { '--template': null }), says: [/no template given/, /--template NAME/] },
  {
    name: 'invalid template file',
    args: (at) => flagsExport(at, { '--template': null, '--template-file': at.write('mine.json', INVALID_TEMPLATE) }),
    says: [/template/, /\$\.name/, /\$\.layout/],
  },
  {
    name: 'template file that is not JSON',
    args: (at) => flagsExport(at, { '--template-file': at.write('mine.json', '{ "name": "x", ') }),
    says: [/mine\.json/, /JSON/],
  },
  {
    name: 'template file that does not exist',
    args: (at) => flagsExport(at, { '--template-file': path.join(at.dir, 'nope.json') }),
    says: [/nope\.json/],
  },
  {
    name: 'missing API key',
    args: (at) => flagsExport(at, { '--api-key': null }),
    says: [/API key is missing/, /pass --api-key or set ETHERSCAN_API_KEY/],
  },
  { name: 'API key pasted as the address', args: (at) => flagsExport(at, { '--address': KEY }), says: [/--address/, /40 hex digits/] },
  { name: 'rate 0', args: (at) => flagsExport(at, { '--rate': '0' }), says: [/--rate "0" is not a positive number/, /use e\.g\. 3/] },
  {
    name: 'negative rate',
    args: (at) => flagsExport(at, { '--rate': null }).concat('--rate=-3'),
    says: [/--rate "-3" is not a positive number/],
  },
  { name: 'rate in words', args: (at) => flagsExport(at, { '--rate': 'fast' }), says: [/--rate "fast"/, /calls per second/] },
  {
    name: 'base URL not http',
    args: (at) => flagsExport(at, { '--base-url': 'ftp://api.etherscan.io/v2/api' }),
    says: [/--base-url "ftp:\/\/api\.etherscan\.io\/v2\/api" is not an http\(s\) URL/, /use e\.g\. https:/],
  },
  {
    name: 'base URL without a scheme',
    args: (at) => flagsExport(at, { '--base-url': 'api.etherscan.io/v2/api' }),
    says: [/--base-url/, /not an http\(s\) URL/],
  },
  {
    name: 'base URL carrying the key',
    args: (at) => flagsExport(at, { '--base-url': `https://api.etherscan.io/v2/api?apikey=${KEY}` }),
    says: [/--base-url carries an apikey parameter/, /remove it/],
  },
  {
    name: 'out dir under a file',
    args: (at) => flagsExport(at, { '--out': path.join(at.file, 'out') }),
    says: [/--out .* is not a writable folder/, /choose another --out/],
  },
  { name: 'out dir is a file', args: (at) => flagsExport(at, { '--out': at.file }), says: [/--out .* is not a writable folder/] },
  {
    name: 'state under a file',
    args: (at) => flagsExport(at, { '--state': path.join(at.file, 'state.db') }),
    says: [/--state/, /choose another --state/],
  },
  {
    name: 'state file that is not a store',
    args: (at) => flagsExport(at, { '--state': at.write('notes.txt', 'my notes, not a database\n'.repeat(200)) }),
    says: [/state file is not a usable ledgerscan store/, /point --state at a new file/],
  },
  { name: 'unknown flag', args: (at) => flagsExport(at, { '--frobnicate': 'yes' }), says: [/frobnicate/, /ledgerscan --help/] },
  { name: 'misspelt flag', args: (at) => flagsExport(at, { '--adress': WALLET }), says: [/adress/, /ledgerscan --help/] },
  { name: 'missing command', args: () => [], says: [/name a command: export/] },
  { name: 'unknown command', args: (at) => flagsExport(at, {}, 'exprot'), says: [/exprot/, /ledgerscan --help/] },
  {
    name: 'malformed short job JSON',
    args: (at) => fileExport(at, '{"chains": [1,]}'),
    says: [/job\.json is not valid JSON: Unexpected token/, /fix the JSON there/],
  },
  {
    name: 'truncated job JSON',
    args: (at) => fileExport(at, '{\n  "chains": [1],\n  "period": {'),
    says: [/job\.json is not valid JSON/, /at line 3 column 14/],
  },
  {
    name: 'job file that does not exist',
    args: (at) => ['export', '--config', path.join(at.dir, 'missing.json'), '--api-key', KEY],
    says: [/missing\.json does not exist/, /check the --config path/],
  },
  { name: 'job file holding a list', args: (at) => fileExport(at, [GOOD_JOB]), says: [/job file must hold a JSON object/] },
  {
    name: 'job file with several mistakes',
    args: (at) =>
      fileExport(at, {
        wallet: [WALLET],
        chains: [1, 'eth'],
        period: { from: '2025-12-01', to: '2025-01-01' },
        timezone: 'Berlin',
        templates: ['ledgr'],
      }),
    says: [
      /job has 6 problems/,
      /"wallet" is unknown \(did you mean "wallets"\?\)/,
      /chains\[1\] "eth"/,
      /period\.from "2025-12-01" is after period\.to/,
      /timezone "Berlin"/,
      /templates\[0\] "ledgr"/,
      /no wallet given/,
    ],
  },
  {
    name: 'wallet chain not in the job chains',
    args: (at) => fileExport(at, { ...GOOD_JOB, wallets: [{ address: WALLET, label: 'Main', chains: [10] }] }),
    says: [/wallets\[0\]\.chains\[0\] 10 is not one of the job's chains 1/, /add it to the job's chains or remove it here/],
  },
  {
    name: 'API key in the job file',
    args: (at) => fileExport(at, { ...GOOD_JOB, api: { apiKey: KEY } }),
    says: [/"api\.apiKey" is refused/, /pass --api-key or set ETHERSCAN_API_KEY/],
  },
  // The cells a price file and the workspace's price form once bounded differently (test/server/bookPrices too).
  {
    name: 'price file time in milliseconds',
    args: (at) => priceFileExport(at, '1740830400000,1,native,USD,2512.25'),
    says: [/prices\.csv line 2 column 1: time "1740830400000" is not an instant/, /at most 12 digits/, /correct the line/],
  },
  {
    name: 'price file date the calendar lacks',
    args: (at) => priceFileExport(at, '2025-02-30T12:00:00Z,1,native,USD,2512.25'),
    says: [/prices\.csv line 2 column 1: time "2025-02-30T12:00:00Z" is not an instant/],
  },
  {
    name: 'price file price of 0',
    args: (at) => priceFileExport(at, '2025-03-01T12:00:00Z,1,native,USD,0.00'),
    says: [/prices\.csv line 2 column 35: price "0\.00" is 0: a price of 0 is an error/],
  },
  // Cost basis needs values; its flags need it on; its opening lots are read before the first request.
  {
    name: 'cost basis without values',
    args: (at) => flagsExport(at, { '--cost-basis': 'fifo', '--no-values': '' }),
    says: [/--cost-basis needs values, which --no-values turns off/, /drop --no-values/],
  },
  {
    name: 'basis scope without cost basis',
    args: (at) => flagsExport(at, { '--basis-scope': 'wallet' }),
    says: [/--basis-scope is given but cost basis is off/, /pass --cost-basis METHOD/],
  },
  {
    name: 'opening lot with more digits than its decimals',
    args: (at) =>
      flagsExport(at, {
        '--cost-basis': 'fifo',
        '--opening-lots': at.write(
          'lots.csv',
          `wallet,chain_id,asset,asset_contract,lot_id,acquired_at,quantity,cost,decimals\n,1,USDC,0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48,cex-1,2024-03-01T12:00:00Z,1.1234567,100,6\n`,
        ),
      }),
    says: [/opening lots file lots\.csv has 1 bad line: line 2 quantity 1\.1234567 has 7 fractional digits but decimals is 6/],
  },
  {
    name: 'sync with an unknown chain',
    args: (at) => flagsExport(at, { '--chain': '0', '--template': null, '--year': null }, 'sync'),
    says: [/--chain 0 is not a supported chain/],
  },
  {
    name: 'reconcile with --from after --to',
    args: (at) => flagsExport(at, { '--year': null, '--from': '2025-03-01', '--to': '2025-02-01' }, 'reconcile'),
    says: [/--from "2025-03-01" is after --to/],
  },
];

function sha256(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** Every file of the case folder (the store, a WAL or lock next to it, the case's own files) with its hash: what "untouched" compares. */
function caseFiles(dir: string): Record<string, string> {
  return Object.fromEntries(
    fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => [entry.name, sha256(path.join(dir, entry.name))]),
  );
}

describe('bad input through the CLI', () => {
  let world: World;
  let sandbox: Sandbox;
  let root: string;
  /** A store a real export filled, copied into every case: "untouched" must mean byte-identical, not merely absent. */
  let filledStore: string;
  let counter = 0;

  beforeAll(async () => {
    world = e2eWorld();
    sandbox = await startSandbox({ world, rate: E2E_RATE, apiKeys: [KEY] });
    root = tempDir('bad-input');
    filledStore = path.join(root, 'filled.db');
    const seeded = await runInProcess(
      exportArgs(world, { url: sandbox.url, apiKey: KEY, out: path.join(root, 'seed-out'), state: filledStore }),
      { cwd: root },
    );
    expect(seeded).toMatchObject({ code: 0, stderr: '' });
  });
  afterAll(async () => {
    await sandbox.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  /**
   * The case's store without the API's final answers the seeding run kept (block numbers, the head): a finished
   * period's warm re-run asks nothing, so only a store without them shows how a key, a URL or a plan is answered.
   */
  function withoutFinalAnswers(at: CaseDir): CaseDir {
    const db = openSqlite(at.state);
    db.exec('DELETE FROM final_answers');
    db.close();
    return at;
  }

  function caseDir(): CaseDir {
    const dir = path.join(root, `case-${++counter}`);
    fs.mkdirSync(dir);
    const state = path.join(dir, 'state.db');
    fs.copyFileSync(filledStore, state);
    const file = path.join(dir, 'a-file.txt');
    fs.writeFileSync(file, 'not a folder\n');
    return {
      dir,
      out: path.join(dir, 'out'),
      state,
      file,
      url: sandbox.url,
      write(name, text) {
        const target = path.join(dir, name);
        fs.writeFileSync(target, text);
        return target;
      },
    };
  }

  it('has at least 30 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  async function expectRefused(one: BadInputCase): Promise<void> {
    const at = caseDir();
    const args = one.args(at);
    const before = caseFiles(at.dir);
    const requestsBefore = sandbox.stats.requests;
    const result = await runInProcess(args, { cwd: at.dir, env: one.env ?? {} });

    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 2, stdout: '' });
    expect(result.stderr).toMatch(/^ledgerscan: [^\n]+\n$/);
    for (const phrase of one.says) expect(result.stderr).toMatch(phrase);
    expect(result.stderr).not.toContain(KEY);
    expect(fs.existsSync(at.out) ? fs.readdirSync(at.out) : []).toEqual([]);
    expect(caseFiles(at.dir)).toEqual(before);
    // Input problems are found before the first request.
    expect(sandbox.stats.requests - requestsBefore).toBe(0);
  }

  it.each(cases.map((one) => [one.name, one] as const))(
    '%s: exit 2, one line naming the field and the fix, nothing written',
    (_name, one) => expectRefused(one),
  );

  it('a base URL without /v2/api: exit 3 after the 404, one line naming the request, the URL and the fix, nothing written', async () => {
    const at = withoutFinalAnswers(caseDir());
    const before = caseFiles(at.dir);
    const wrongUrl = at.url.replace('/v2/api', '/api');
    const result = await runInProcess(flagsExport(at, { '--base-url': wrongUrl }), { cwd: at.dir });
    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 3, stdout: '' });
    expect(result.stderr).toMatch(/^ledgerscan: the API does not serve [a-z]+\.\w+ \([^\n]*answer: HTTP 404 Page not found[^\n]*\n$/);
    expect(result.stderr).toContain(`baseUrl: ${wrongUrl}`);
    expect(result.stderr).toContain('fix: check --base-url (it must end in /v2/api)');
    expect(result.stderr).not.toContain(KEY);
    expect(fs.existsSync(at.out) ? fs.readdirSync(at.out) : []).toEqual([]);
    expect(caseFiles(at.dir)).toEqual(before);
  });

  it('a wrong API key against the sandbox: exit 3, one line without the key, nothing written', async () => {
    const at = withoutFinalAnswers(caseDir());
    const wrongKey = 'WRONGKEY8R3T6Y1U5';
    const before = caseFiles(at.dir);
    const result = await runInProcess(flagsExport(at, { '--api-key': wrongKey }), { cwd: at.dir });
    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 3, stdout: '' });
    expect(result.stderr).toMatch(/^ledgerscan: the API refused the request: Invalid API Key[^\n]*check the API key[^\n]*\n$/);
    expect(result.stderr).not.toContain(wrongKey);
    expect(result.stderr).not.toContain(KEY);
    expect(fs.existsSync(at.out) ? fs.readdirSync(at.out) : []).toEqual([]);
    expect(caseFiles(at.dir)).toEqual(before);
  });

  it('a chain the API plan does not cover is skipped and reported, the others exported (exit 0)', async () => {
    const freeTier = await startSandbox({ world, rate: E2E_RATE, apiKeys: [KEY], freeTierOnly: true });
    try {
      const at = withoutFinalAnswers(caseDir());
      const result = await runInProcess(flagsExport(at, { '--base-url': freeTier.url, '--chain': ['1', '10'] }), { cwd: at.dir });
      expect(result).toMatchObject({ code: 0, stderr: '' });
      expect(result.stdout).toMatch(
        /^chain 10 skipped: .*Free API access is not supported for this chain.*upgrade your api plan.*fix: drop it from the job/m,
      );
      const rows = parse(fs.readFileSync(path.join(at.out, 'ledger.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((row) => row.chain_id))).toEqual(new Set(['1']));
      const manifest = JSON.parse(fs.readFileSync(path.join(at.out, 'manifest.json'), 'utf8')) as {
        blockRanges: Record<string, unknown>;
        skippedChains: { chainId: number; reason: string }[];
      };
      expect(Object.keys(manifest.blockRanges)).toEqual(['1']);
      expect(manifest.skippedChains).toEqual([{ chainId: 10, reason: expect.stringMatching(/Free API access is not supported/) }]);
    } finally {
      await freeTier.close();
    }
  });
});

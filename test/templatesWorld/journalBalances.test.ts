import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { allChains } from '../../src/chains/chains.js';
import { runCli } from '../../src/cli/main.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import { captureIo } from '../support/captureIo.js';
import { sandboxJobArgs } from '../support/sandboxJobArgs.js';
import { BEAN_CHECK, BEAN_QUERY, describeWithPrograms, HLEDGER, LEDGER, runProgram, runProgramOutput } from '../support/outsideProgram.js';

const CHAINS = [1, 10, 42161] as const;

interface Export {
  out: string;
  stdout: string;
  blockRanges: Record<string, { fromBlock: number; toBlock: number }>;
}

/** `"a","b"` CSV cells as hledger prints them. */
function cells(line: string): string[] {
  return [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => (m[1] as string).replace(/""/g, '"'));
}

/** hledger's per-account balances (`account commodity` → amount text), one commodity per asset account. */
function hledgerBalances(file: string, ...query: string[]): Map<string, string> {
  const lines = runProgram('hledger', ['-f', file, 'bal', '-O', 'csv', '--layout=bare', '--no-total', ...query])
    .trim()
    .split('\n')
    .slice(1);
  return new Map(
    lines.map((line) => {
      const [account, commodity, amount] = cells(line);
      return [`${account} ${commodity}`, amount as string];
    }),
  );
}

/** The contract and decimals the journal declares for each commodity. */
function declaredCommodities(journal: string): Map<string, { contract: string; decimals: number | null }> {
  const declared = new Map<string, { contract: string; decimals: number | null }>();
  for (const match of journal.matchAll(/^commodity "([^"]+)"\n(?: {4}format .*\n)? {4}; contract:(\S+), decimals:(\d+|unknown)/gm)) {
    declared.set(match[1] as string, { contract: match[2] as string, decimals: match[3] === 'unknown' ? null : Number(match[3]) });
  }
  return declared;
}

function baseUnits(text: string, decimals: number | null): bigint {
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const raw = BigInt(`${whole}${fraction.padEnd(decimals ?? 0, '0')}`);
  return negative ? -raw : raw;
}

/**
 * Through the real CLI against a sandbox world spanning mid-2024 to 2026, checked by the real hledger and
 * bean-check: the journals open each year with the holdings rolled from the first block, and close it with
 * assertions of the chain's balances, so the programs accepting the files proves the books tie to the chain.
 */
describeWithPrograms('journals with opening balances and closing assertions', [HLEDGER, LEDGER, BEAN_CHECK, BEAN_QUERY], () => {
  let tmp: string;
  let sandbox: Sandbox;
  let world: World;
  const exports: Record<'y2024' | 'y2025' | 'both', Export> = {} as never;

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-journal-balances-'));
    world = generateWorld({ seed: 1, scale: 0.02, chains: CHAINS });
    sandbox = await startSandbox({ world, rate: 2000 });
    const run = async (name: keyof typeof exports, period: string[]): Promise<void> => {
      const out = path.join(tmp, name);
      const io = captureIo(tmp);
      const code = await runCli(
        [
          'export',
          ...period,
          '--template',
          'hledger',
          '--template',
          'beancount',
          ...sandboxJobArgs(sandbox, world, CHAINS, out, path.join(tmp, 'state.sqlite')),
        ],
        io,
      );
      expect({ code, stderr: io.stderrText() }).toEqual({ code: 0, stderr: '' });
      const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8')) as Pick<Export, 'blockRanges'>;
      exports[name] = { out, stdout: io.stdoutText(), blockRanges: manifest.blockRanges };
    };
    // 2025 first: its history before the period is synced by the export itself, and counted.
    await run('y2025', ['--year', '2025']);
    await run('y2024', ['--year', '2024']);
    await run('both', ['--from', '2024-01-01', '--to', '2025-12-31']);
  }, 120_000);

  afterAll(async () => {
    await sandbox.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  const journal = (name: keyof typeof exports): string => path.join(exports[name].out, 'ledgerscan.journal');
  const beancount = (name: keyof typeof exports): string => path.join(exports[name].out, 'ledgerscan.beancount');
  const closing = (name: keyof typeof exports): string => path.join(exports[name].out, 'ledgerscan.closing.journal');

  it('syncs the history before the period for the opening balances and says what it cost', () => {
    expect(exports.y2025.stdout).toMatch(/opening balances: synced the history before the period, [1-9]\d* API calls/);
    // The 2024–2025 export runs last: every block before 2024 is in the store by then.
    expect(exports.both.stdout).toMatch(/opening balances: the history before the period was already in the store/);
    // Spam and NFT collections are asserted with the ledger's balance; every other asset with the chain's, and none differs.
    expect(exports.y2025.stdout).toMatch(/hledger: \d+ rows .*\(\d+ closing balances asserted, [1-9]\d* from the chain\)/);
    expect(exports.y2025.stdout).not.toMatch(/the chain differs/);
    const counts = (JSON.parse(readFileSync(path.join(exports.y2025.out, 'manifest.json'), 'utf8')) as { counts: Record<string, number> })
      .counts;
    expect(counts).toMatchObject({ 'assertions.hledger.differing': 0, 'assertions.beancount.differing': 0 });
    expect(counts.historyApiCalls).toBeGreaterThan(0);
  });

  it('is accepted by hledger --strict and bean-check, opening and closing assertions included', () => {
    for (const name of ['y2024', 'y2025', 'both'] as const) {
      expect(runProgram('hledger', ['-f', journal(name), 'check', '--strict'])).toBe('');
      expect(runProgram('bean-check', [beancount(name)])).toBe('');
      expect(readFileSync(journal(name), 'utf8')).toMatch(/ = \d/);
      expect(readFileSync(beancount(name), 'utf8')).toMatch(/^\d{4}-\d\d-\d\d balance Assets:Crypto:/m);
    }
    expect(readFileSync(journal('y2025'), 'utf8')).toMatch(/^2025-01-01 \* opening balances .*\n {4}; chain:\w+, block:\d+,/m);
    expect(readFileSync(beancount('y2025'), 'utf8')).toMatch(/^2026-01-01 balance /m);
  });

  it('shows at the period end each wallet holding exactly what the chain says, for every asset', () => {
    const text = readFileSync(journal('y2025'), 'utf8');
    const declared = declaredCommodities(text);
    const actual = new Map<string, bigint>();
    const trees = new Map<string, string>();
    for (const [key, amount] of hledgerBalances(journal('y2025'), '-e', '2026-01-01', '^assets:')) {
      const [account, commodity] = key.split(' ') as [string, string];
      const [, tree, slug, wallet] = account.split(':') as [string, string, string, string];
      const chainId = allChains().find((chain) => chain.slug === slug)?.id;
      const facts = declared.get(commodity);
      expect({ account, chainId, facts }).toEqual({ account, chainId: expect.any(Number), facts: expect.anything() });
      const asset = facts?.contract === 'native' ? 'native' : (facts?.contract as string);
      actual.set(`${chainId} ${wallet} ${asset}`, baseUnits(amount, facts?.decimals ?? null));
      trees.set(`${chainId} ${wallet} ${asset}`, tree);
    }
    const expected = new Map<string, bigint>();
    for (const wallet of world.wallets) {
      for (const chainId of wallet.chains) {
        const closing = exports.y2025.blockRanges[String(chainId)]?.toBlock as number;
        for (const asset of world.expectedSums(chainId, wallet.address, 0, closing).keys()) {
          const balance = world.expectedBalance(chainId, wallet.address, asset, closing);
          if (balance !== 0n) expected.set(`${chainId} ${wallet.address} ${asset}`, balance);
        }
      }
    }
    expect(expected.size).toBeGreaterThan(30);
    expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));
    // Real holdings are clean: spam sits in its own tree, with its own balances still exact.
    expect([...trees.values()].filter((tree) => tree === 'spam').length).toBeGreaterThan(2);
    expect([...trees.values()].filter((tree) => tree === 'crypto').length).toBeGreaterThan(30);
  });

  it('shows the holdings in hledger bs: the closing transaction is a file of its own', () => {
    for (const name of ['y2024', 'y2025', 'both'] as const) {
      const atEnd = Object.fromEntries(hledgerBalances(journal(name), '-e', name === 'y2024' ? '2025-01-01' : '2026-01-01', '^assets:'));
      expect(Object.keys(atEnd).length).toBeGreaterThan(20);
      expect(Object.fromEntries(hledgerBalances(journal(name), '^assets:'))).toEqual(atEnd);
      const sheet = runProgram('hledger', ['-f', journal(name), 'bs', '-O', 'csv', '--layout=bare'])
        .trim()
        .split('\n')
        .map(cells);
      const assets = sheet.filter(([account]) => account?.startsWith('assets:'));
      expect(Object.fromEntries(assets.map(([account, commodity, amount]) => [`${account} ${commodity}`, amount]))).toEqual(atEnd);
      expect(readFileSync(closing(name), 'utf8')).toMatch(/^\d{4}-01-01 \* closing balances /m);
    }
  });

  it('is read by ledger-cli --strict and --pedantic without a warning: every account and commodity declared before use', () => {
    for (const name of ['y2024', 'y2025', 'both'] as const) {
      for (const mode of ['--strict', '--pedantic']) {
        const run = runProgramOutput('ledger', ['-f', journal(name), mode, 'bal', '--flat']);
        expect({ name, mode, status: run.status, stderr: run.stderr }).toEqual({ name, mode, status: 0, stderr: '' });
        expect(run.stdout).toMatch(/assets:crypto:ethereum:0x/);
      }
    }
  });

  it("answers every standard bean-query: amounts past beancount's numbers are left out, stated in a comment and the tie-out", () => {
    const queries = [
      'SELECT account, sum(position) GROUP BY account',
      'BALANCES',
      "JOURNAL 'Assets:Crypto'",
      'SELECT date, narration, account, position, balance',
    ];
    for (const name of ['y2024', 'y2025', 'both'] as const) {
      for (const query of queries) {
        const run = runProgramOutput('bean-query', [beancount(name), query]);
        expect({ name, query, status: run.status, stderr: run.stderr }).toEqual({ name, query, status: 0, stderr: '' });
        expect(run.stdout.trim().split('\n').length).toBeGreaterThan(5);
      }
    }
    // The sandbox's spam token holding ~1.16e59 and its token of unknown decimals at 2.1e25 base units.
    const text = readFileSync(beancount('y2025'), 'utf8');
    const leftOut = [...text.matchAll(/^; left out, past beancount's numbers: \S+ (\S+) {2}(\S+) (\S+)$/gm)].map((m) => m[3] as string);
    expect([...new Set(leftOut)].sort()).toEqual(['CLAIM-093F50', 'TOKEN-7D130A']);
    expect(text).not.toMatch(/^\s+\S+\s+-?\d{10,}(\.\d+)? (CLAIM-093F50|TOKEN-7D130A)$/m);
    const tieout = readFileSync(path.join(exports.y2025.out, 'tieout.csv'), 'utf8');
    const stated = tieout.split('\n').filter((line) => line.startsWith('beancount,') && line.includes("past beancount's numbers"));
    expect(
      stated.some(
        (line) =>
          line.includes('0x093f5011b44f29cbf8f593224676adf1d165dc84') &&
          line.includes(',115792089237316195423570985008687907853269984665640564039457584007913129639935,'),
      ),
    ).toBe(true);
    expect(stated.some((line) => line.includes('0x7d130a07f42f17cdf9a7dfac69e6f352dd8c64d6'))).toBe(true);
  });

  it('concatenates 2024, its closing file and 2025 into the same books as one 2024–2025 export', () => {
    const joined = path.join(tmp, 'joined.journal');
    writeFileSync(joined, [journal('y2024'), closing('y2024'), journal('y2025')].map((file) => readFileSync(file, 'utf8')).join(''));
    expect(runProgram('hledger', ['-f', joined, 'check', '--strict'])).toBe('');
    expect(runProgramOutput('ledger', ['-f', joined, '--pedantic', 'bal'])).toMatchObject({ status: 0, stderr: '' });
    for (const query of [[], ['-e', '2026-01-01'], ['-e', '2025-01-01']]) {
      const together = Object.fromEntries(hledgerBalances(joined, ...query));
      expect({ query, balances: together }).toEqual({ query, balances: Object.fromEntries(hledgerBalances(journal('both'), ...query)) });
    }
    // The same token has the same commodity name in both years.
    const names = (name: 'y2024' | 'y2025'): Map<string, string> =>
      new Map([...declaredCommodities(readFileSync(journal(name), 'utf8'))].map(([commodity, facts]) => [facts.contract, commodity]));
    const y2024 = names('y2024');
    for (const [contract, commodity] of names('y2025'))
      if (y2024.has(contract)) expect(`${contract} ${y2024.get(contract)}`).toBe(`${contract} ${commodity}`);
  });

  it('fails hledger and bean-check on the assertion of exactly the account a removed posting belongs to', () => {
    for (const [file, assetPrefix] of [
      [journal('y2025'), '    assets:crypto:'],
      [beancount('y2025'), '  Assets:Crypto:'],
    ] as const) {
      const lines = readFileSync(file, 'utf8').split('\n');
      // An entry's asset posting and its counter posting follow each other: dropping both keeps the transaction balanced.
      const at = lines.findIndex(
        (line, i) =>
          line.startsWith(assetPrefix) && / (tx:|tx: )/.test(lines.slice(Math.max(0, i - 8), i).join('\n')) && !line.includes(' = '),
      );
      expect(at).toBeGreaterThan(0);
      const account = (lines[at] as string).trim().split(/\s+/)[0] as string;
      const broken = path.join(tmp, `broken${path.extname(file)}`);
      writeFileSync(broken, [...lines.slice(0, at), ...lines.slice(at + 2)].join('\n'));
      const failure = (() => {
        try {
          runProgram(file.endsWith('.journal') ? 'hledger' : 'bean-check', file.endsWith('.journal') ? ['-f', broken, 'check'] : [broken]);
          return '';
        } catch (error) {
          return (error as Error).message;
        }
      })();
      if (file.endsWith('.journal')) {
        expect(failure).toMatch(/balance assertion/);
        expect(failure).toContain(`account:    ${account}\n`);
      } else {
        const failed = [...failure.matchAll(/Balance failed for '([^']+)'/g)].map((m) => m[1]);
        expect(failed).toEqual([account]);
      }
    }
  });
});

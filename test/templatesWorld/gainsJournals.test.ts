import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { runCli } from '../../src/cli/main.js';
import { Decimal } from '../../src/ledger/money.js';
import { GainsAccounts, holdingCommodity } from '../../src/outputs/GainsAccounts.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import { TEXT_LOT_ACCOUNTS } from '../../src/templates/lotAccountRoles.js';
import { captureIo } from '../support/captureIo.js';
import { BEAN_CHECK, BEAN_QUERY, describeWithPrograms, HLEDGER, runProgram } from '../support/outsideProgram.js';
import { sandboxJobArgs } from '../support/sandboxJobArgs.js';

const goldenRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), 'goldenGains');
const update = process.env.UPDATE_GOLDEN === '1';
const CHAINS = [1, 10, 42161] as const;
const JOURNALS = ['beancount', 'hledger', 'quickbooks-journal', 'xero-journal'];
/** The journals with lots, as the golden keeps them (the holdings journals beside them have goldens of their own). */
const GAINS_FILES = /^(ledgerscan\.gains\.(beancount|journal)|quickbooks-journal\.csv|xero-journal(-[0-9]+)?\.csv)$/;

type Row = Record<string, string>;
interface Export {
  out: string;
  code: number;
  stderr: string;
  manifest: {
    outputs: { gains: { totals: { gain: string } }; gainsJournals: { journals: { template: string; gain: string; residue: string }[] } };
  };
}

let tmp: string;
let sandbox: Sandbox;
let world: World;

async function exportWith(name: string, extra: readonly string[], job?: unknown): Promise<Export> {
  const out = path.join(tmp, name);
  const io = captureIo(tmp);
  const config = job === undefined ? [] : ['--config', path.join(tmp, `${name}.json`)];
  if (job !== undefined) writeFileSync(path.join(tmp, `${name}.json`), JSON.stringify(job));
  const code = await runCli(
    [
      'export',
      '--year',
      '2025',
      ...config,
      ...JOURNALS.flatMap((template) => ['--template', template]),
      '--price-url',
      `defillama=${new URL(sandbox.url).origin}/prices/defillama`,
      ...extra,
      ...sandboxJobArgs(sandbox, world, CHAINS, out, path.join(tmp, 'state.sqlite')),
    ],
    io,
  );
  const manifestFile = path.join(out, 'manifest.json');
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Export['manifest']) : (null as never);
  return { out, code, stderr: io.stderrText(), manifest };
}

const cents = (text: string): bigint => BigInt(new Decimal(text).times(100).toFixed(0));

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-gains-journals-'));
  world = generateWorld({ seed: 1, scale: 0.02, chains: CHAINS });
  sandbox = await startSandbox({ world, rate: 2000 });
}, 60_000);

afterAll(async () => {
  await sandbox.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** Each method's export: uk under HMRC's profile in GBP (ECB rates convert the USD prices). */
const METHODS: Record<string, () => string[]> = {
  fifo: () => ['--cost-basis', 'fifo'],
  hifo: () => ['--cost-basis', 'hifo'],
  average: () => ['--cost-basis', 'average'],
  uk: () => [
    '--cost-basis',
    'uk',
    '--tax-profile',
    'uk',
    '--currency',
    'GBP',
    '--price-url',
    `ecb=${new URL(sandbox.url).origin}/prices/ecb`,
  ],
};

describe.each(Object.keys(METHODS))('journals with lots over the world’s 2025 (%s)', (method) => {
  let run: Export;
  beforeAll(async () => {
    run = await exportWith(method, (METHODS[method] as () => string[])());
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
  }, 120_000);

  it('writes each journal beside the other files, byte for byte as committed (fifo)', () => {
    const files = readdirSync(run.out)
      .filter((file) => GAINS_FILES.test(file))
      .sort();
    expect(files).toEqual(
      expect.arrayContaining(['ledgerscan.gains.beancount', 'ledgerscan.gains.journal', 'quickbooks-journal.csv', 'xero-journal.csv']),
    );
    if (method !== 'fifo') return;
    if (update) {
      rmSync(goldenRoot, { recursive: true, force: true });
      mkdirSync(goldenRoot, { recursive: true });
      for (const file of files) cpSync(path.join(run.out, file), path.join(goldenRoot, file));
    }
    expect(files).toEqual(readdirSync(goldenRoot).sort());
    for (const file of files) {
      expect(`${file}:\n${readFileSync(path.join(run.out, file), 'latin1')}`).toBe(
        `${file}:\n${readFileSync(path.join(goldenRoot, file), 'latin1')}`,
      );
    }
  });

  it('balances every QuickBooks and Xero journal entry to the cent, with no zero line', () => {
    const quickbooks = new Map<string, bigint>();
    for (const row of csvRows(path.join(run.out, 'quickbooks-journal.csv'))) {
      expect([row.Debits === '', row.Credits === '']).not.toEqual([true, true]);
      const amount = row.Debits === '' ? -cents(row.Credits as string) : cents(row.Debits as string);
      expect(amount).not.toBe(0n);
      quickbooks.set(row.JournalNo as string, (quickbooks.get(row.JournalNo as string) ?? 0n) + amount);
    }
    const xero = new Map<string, bigint>();
    for (const file of readdirSync(run.out).filter((name) => name.startsWith('xero-journal'))) {
      const rows = csvRows(path.join(run.out, file));
      expect(rows.length).toBeLessThanOrEqual(300);
      for (const row of rows) {
        const key = `${row['*Narration'] as string}|${row['*Date'] as string}`;
        xero.set(key, (xero.get(key) ?? 0n) + cents(row['*Amount'] as string));
      }
    }
    expect(quickbooks.size).toBeGreaterThan(10);
    expect(xero.size).toBe(quickbooks.size);
    expect([...quickbooks].filter(([, sum]) => sum !== 0n)).toEqual([]);
    expect([...xero].filter(([, sum]) => sum !== 0n)).toEqual([]);
  });

  it("puts on the CSV journals' gain lines the gains total plus the rounding residue they name", () => {
    const total = cents(run.manifest.outputs.gains.totals.gain);
    for (const journal of run.manifest.outputs.gainsJournals.journals.filter((one) => one.template.endsWith('-journal'))) {
      // Each entry rounds apart: the residue is what it put on the gain line, a cent or so per entry.
      const gains = csvRows(path.join(run.out, `${journal.template}.csv`)).length;
      expect(Math.abs(Number(cents(journal.gain) - cents(journal.residue) - total))).toBeLessThanOrEqual(1);
      expect(Math.abs(Number(cents(journal.residue)))).toBeLessThanOrEqual(gains);
    }
  });

  it("ties each journal's gain lines to gains.csv's total in tieout.csv, and counts what it left out", () => {
    const total = run.manifest.outputs.gains.totals.gain;
    const lines = csvRows(path.join(run.out, 'tieout.csv')).filter((row) => row.line === 'gains');
    // uk adds one: the sales whose matching ends after the period, owed at cost.
    const each = method === 'uk' ? 5 : 4;
    expect(lines.map((row) => row.template)).toEqual(JOURNALS.flatMap((template) => Array<string>(each).fill(template)));
    for (const row of lines.filter((one) => (one.reason as string).startsWith('realised gain'))) {
      expect(row.in).toBe(total);
      // The text journals hold the exact total to 8 decimals; the CSV journals each entry rounded, the residue named.
      if (row.rounding_residual === '0.00') expect(row.out).toBe(total);
      else
        expect(Math.abs(Number(cents(row.out as string) - cents(row.rounding_residual as string) - cents(total)))).toBeLessThanOrEqual(1);
    }
    const leftOut = lines.find((row) => (row.reason as string).startsWith('disposals left out'));
    expect(Number(leftOut?.rows)).toBeGreaterThan(0);
    const comments = readFileSync(path.join(run.out, 'ledgerscan.gains.beancount'), 'utf8').match(/^; left out, .* sold /gm) ?? [];
    expect(comments.length).toBe(Number(leftOut?.rows));
  });

  describeWithPrograms('bean-check, bean-query and hledger read them', [BEAN_CHECK, BEAN_QUERY, HLEDGER], () => {
    it("bean-check accepts the lots, and bean-query's and hledger's gains equal gains.csv's total", () => {
      const beancount = path.join(run.out, 'ledgerscan.gains.beancount');
      runProgram('bean-check', [beancount]);
      const query = "SELECT sum(number) AS total WHERE account = 'Income:Crypto:Gains'";
      const beanQuery = (runProgram('bean-query', ['-f', 'csv', beancount, query]).trim().split('\n')[1] as string).trim();
      const [, , hledger] = (
        runProgram('hledger', [
          '-f',
          path.join(run.out, 'ledgerscan.gains.journal'),
          'bal',
          'income:crypto:gains',
          '-O',
          'csv',
          '--layout=bare',
          '--no-total',
        ])
          .trim()
          .split('\n')[1] as string
      )
        .split(',')
        .map((cell) => cell.replace(/"/g, ''));
      const total = run.manifest.outputs.gains.totals.gain;
      // The journals write money to 8 decimals: their sum is the exact total, rounded to cents it is gains.csv's.
      const rounded = (text: string): string => new Decimal(text).neg().toDecimalPlaces(2).toFixed(2);
      expect({ beanQuery: rounded(beanQuery), hledger: rounded(hledger as string) }).toEqual({ beanQuery: total, hledger: total });
      expect(
        new Decimal(beanQuery)
          .sub(hledger as string)
          .abs()
          .lte('0.0001'),
      ).toBe(true);
    });

    it("holds in each asset account the replay's open lots at the period's end (lots-open.csv), and the pieces of known cost it left out", () => {
      const accounts = new GainsAccounts(TEXT_LOT_ACCOUNTS.hledger, 'hledger');
      const accountOf = (row: Row): string => {
        const holding = {
          wallet: row.wallet as string,
          chainId: Number(row.chain_id),
          asset: row.asset as string,
          assetContract: row.asset_contract as string,
          decimals: 0,
        };
        return `${accounts.of({ role: 'asset', amount: new Decimal(0), holding })} ${holdingCommodity(holding)}`;
      };
      const expected = new Map<string, Decimal>();
      const add = (row: Row): void =>
        void expected.set(accountOf(row), (expected.get(accountOf(row)) ?? new Decimal(0)).add(row.quantity as string));
      // A pool holding lots of unknown cost (its cost unknown whole under average and uk) cannot be carried: not compared.
      const unknownCost = new Set<string>();
      for (const row of csvRows(path.join(run.out, 'lots-open.csv'))) {
        if (row.cost_basis === '') unknownCost.add(accountOf(row));
        else add(row);
      }
      // A disposal of unknown proceeds is left out: its lots of known cost stay in the account.
      for (const row of csvRows(path.join(run.out, 'gains.csv')))
        if (row.cost_basis !== '' && (row.proceeds === '' || row.selling_costs === '')) add(row);
      for (const key of unknownCost) expected.delete(key);
      const journal = path.join(run.out, 'ledgerscan.gains.journal');
      const held = runProgram('hledger', ['-f', journal, 'bal', '^assets:', '-O', 'csv', '--layout=bare', '--no-total'])
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => match[1] as string));
      const actual = Object.fromEntries(
        held
          .map(([account, commodity, amount]) => [`${account} ${commodity}`, new Decimal(amount as string).toFixed()])
          .filter(([key]) => !unknownCost.has(key as string)),
      );
      const open = Object.fromEntries(
        [...expected].filter(([, quantity]) => !quantity.isZero()).map(([key, quantity]) => [key, quantity.toFixed()]),
      );
      expect(Object.keys(open).length).toBeGreaterThan(3);
      expect(actual).toEqual(open);
    });

    // A pool (average, uk's section 104) has no lots to name: its accounts book NONE, each piece at the pool's cost.
    const pools = (text: string): Set<string> =>
      new Set([...text.matchAll(/^\S+ open (\S+) "NONE"$/gm)].map((match) => match[1] as string));
    const namedReductions = (text: string): RegExpMatchArray[] =>
      [...text.matchAll(/^ {2}(\S+) {2}-\S+ \S+ \{[^}]*"(x[0-9a-f]+)"\}/gm)].filter((match) => !pools(text).has(match[1] as string));

    if (method === 'average')
      it('books each pool at its cost: every asset account sold from books NONE and no reduction names a lot', () => {
        const text = readFileSync(path.join(run.out, 'ledgerscan.gains.beancount'), 'utf8');
        expect(pools(text).size).toBeGreaterThan(0);
        expect(namedReductions(text)).toEqual([]);
        expect(text).not.toMatch(/^ {2}\S+ {2}-\S+ \S+ \{[^}]*,/m);
      });
    else if (method === 'uk')
      it('owes a lot matched by the 30-day rule until it arrives, short in a liability booking STRICT; no asset account goes below nothing', () => {
        const text = readFileSync(path.join(run.out, 'ledgerscan.gains.beancount'), 'utf8');
        const ahead = [
          ...text.matchAll(
            /^(\d{4}-\d\d-\d\d) \*[^\n]*\n(?:[^\n]+\n)*? {2}(\S+) {2}-\S+ \S+ \{[^,}]+, (\d{4}-\d\d-\d\d), "x[0-9a-f]+"\}/gm,
          ),
        ].filter((match) => (match[3] as string) > (match[1] as string));
        expect(ahead.length).toBeGreaterThan(0);
        for (const match of ahead) {
          expect(match[2]).toMatch(/^Liabilities:Crypto:Owed:/);
          expect(pools(text)).not.toContain(match[2]);
        }
        const journal = path.join(run.out, 'ledgerscan.gains.journal');
        const daily = (pattern: string): Decimal[] =>
          runProgram('hledger', ['-f', journal, 'bal', pattern, '-D', '-H', '-O', 'csv', '--layout=bare', '--no-total'])
            .trim()
            .split('\n')
            .slice(1)
            .flatMap((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].slice(2).map((m) => new Decimal((m[1] as string) || '0')));
        expect(daily('^assets').filter((amount) => amount.isNegative())).toEqual([]);
        expect(daily('^liabilities').filter((amount) => amount.isPositive() && !amount.isZero())).toEqual([]);
        // What is owed at the end is the tie-out's line, at cost.
        const owedAtEnd = runProgram('hledger', ['-f', journal, 'bal', '^liabilities', '-B', '-O', 'csv', '--layout=bare']);
        const total = (owedAtEnd.trim().split('\n').at(-1) as string).split(',').at(-1)?.replace(/"/g, '') ?? '0';
        const tie = csvRows(path.join(run.out, 'tieout.csv')).find(
          (row) => row.template === 'hledger' && (row.reason as string).startsWith('uk sales whose matching ends'),
        );
        expect(new Decimal(total || '0').neg().toDecimalPlaces(2).toFixed(2)).toBe(tie?.out);
        // No lot is carried in and then acquired again (the 30-day lots once were: x1bcafcbefc9568c3, x8cca2d27eb2f31ce).
        const [carried = '', ...rest] = text.split(/^(?=\d{4}-\d\d-\d\d \* )/m).slice(1);
        const lotsIn = (block: string): string[] =>
          [...block.matchAll(/^ {2}\S+ {2}\d\S* \S+ \{[^}]*"(x[0-9a-f]+)"\}$/gm)].map((m) => m[1] as string);
        expect(carried).toMatch(/lots carried in at cost/);
        const acquired = new Set(rest.flatMap(lotsIn));
        expect(acquired).toContain('x1bcafcbefc9568c3');
        expect(lotsIn(carried).filter((lot) => acquired.has(lot))).toEqual([]);
      });
    else
      it('bean-check refuses a disposal of a lot the method did not choose', () => {
        const text = readFileSync(path.join(run.out, 'ledgerscan.gains.beancount'), 'utf8');
        const reduction = namedReductions(text)[0];
        expect(reduction).toBeDefined();
        const file = path.join(tmp, `${method}-wrong-lot.beancount`);
        writeFileSync(
          file,
          text.replace(reduction?.[0] as string, (reduction?.[0] as string).replace(reduction?.[2] as string, 'xnot-a-lot')),
        );
        expect(() => runProgram('bean-check', [file])).toThrow(/No position matches/);
      });
  });
});

function csvRows(file: string): Row[] {
  return parse(readFileSync(file), { columns: true, bom: true }) as Row[];
}

describe('account names from the job file', () => {
  it('maps a role for every journal, and a template-prefixed one for that journal only', async () => {
    const accounts = { gains: 'Income:Crypto:Realised', 'quickbooks-journal.fees': 'Gas fees', 'xero-journal.gains': '770' };
    const run = await exportWith('mapped', ['--cost-basis', 'fifo'], { accounts });
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    const beancount = readFileSync(path.join(run.out, 'ledgerscan.gains.beancount'), 'utf8');
    expect(beancount).toContain('open Income:Crypto:Realised');
    expect(beancount).not.toContain('Income:Crypto:Gains');
    const quickbooks = csvRows(path.join(run.out, 'quickbooks-journal.csv')).map((row) => row.AccountName);
    expect(quickbooks).toContain('Gas fees');
    expect(quickbooks).toContain('Income:Crypto:Realised');
    expect(quickbooks).not.toContain('Network fees');
    const xero = csvRows(path.join(run.out, 'xero-journal.csv')).map((row) => row['*AccountCode']);
    expect(xero).toContain('770');
    expect(xero).toContain('FEES');
  }, 120_000);

  it('refuses a key naming no role, with exit 2 and the closest one', async () => {
    const run = await exportWith('misnamed', ['--cost-basis', 'fifo'], { accounts: { gain: 'Realised' } });
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('accounts key "gain" is unknown (did you mean "gains"?)');
  });

  it('refuses a journal of lots without cost basis, naming it', async () => {
    const run = await exportWith('no-basis', []);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('template quickbooks-journal, xero-journal needs cost basis');
  });
});

import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { journalAccount, journalCommodity } from '../../src/templates/journalNames.js';
import type { PeriodBounds } from '../../src/templates/PeriodBounds.js';
import { renderTiedOut } from '../support/renderTiedOut.js';
import { loadBuiltinTemplate } from '../../src/templates/templateCatalog.js';
import { legOf } from '../../src/templates/ViewRow.js';
import { holdingKey } from '../../src/templates/Holdings.js';
import { formatUnits } from '../../src/ledger/money.js';
import {
  BEAN_CHECK,
  BEAN_QUERY,
  describeWithPrograms,
  HLEDGER,
  LEDGER,
  runProgram as run,
  runProgramOutput,
} from '../support/outsideProgram.js';
import { TEMPLATE_SAMPLES as samples } from '../support/samples.js';
import { ledgerEntries } from './fixtures/ledgerEntries.js';

const here = path.dirname(fileURLToPath(import.meta.url));

function parseCsvLine(line: string): string[] {
  return [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => (m[1] as string).replace(/""/g, '"'));
}

async function render(name: string): Promise<{ dir: string; file: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `ledgerscan-${name}-`));
  const [result] = await renderTiedOut({
    entries: () => ledgerEntries,
    templates: [loadBuiltinTemplate(name)],
    outDir: dir,
    context: { timezone: 'UTC' },
  });
  return { dir, file: result?.files[0] as string };
}

describeWithPrograms('hledger reads the journal', [HLEDGER], () => {
  it('has per-account balances equal to the ledger sums, to the last digit', async () => {
    const { dir, file } = await render('hledger');
    try {
      const expected = new Map<string, bigint>();
      const decimalsOf = new Map<string, number | null>();
      const template = loadBuiltinTemplate('hledger');
      // Spam is booked apart by the verdict on the wallet's first movement of the token.
      const firstSpam = new Map<string, string>();
      for (const entry of ledgerEntries) {
        const holding = `${entry.chainId} ${entry.wallet} ${entry.assetContract}`;
        if (!firstSpam.has(holding)) firstSpam.set(holding, entry.spam);
        const pattern = firstSpam.get(holding) === '' ? template.accounts.asset : template.accounts.spam;
        const commodity = journalCommodity(legOf(entry));
        const account = journalAccount(pattern as string, entry.chainId, entry.wallet, commodity, 'hledger');
        const signed = entry.direction === 'in' ? entry.amountRaw : -entry.amountRaw;
        expected.set(account, (expected.get(account) ?? 0n) + signed);
        decimalsOf.set(account, entry.decimals);
      }
      const lines = run('hledger', ['-f', file, 'bal', '-O', 'csv', '--layout=bare', '--no-total', '^assets:']).trim().split('\n').slice(1);
      const actual = new Map(
        lines.map((line) => {
          const [account, , balance] = parseCsvLine(line);
          return [account as string, balance as string];
        }),
      );
      const zero = [...expected].filter(([, sum]) => sum === 0n).map(([account]) => account);
      expect([...actual.keys()].sort()).toEqual([...expected.keys()].filter((a) => !zero.includes(a)).sort());
      for (const [account, sum] of expected) {
        if (sum === 0n) continue;
        const decimals = decimalsOf.get(account) ?? null;
        const text = decimals === null ? sum.toString() : formatUnits(sum, decimals);
        // hledger pads to the commodity's display precision; compare numerically as exact strings without padding
        expect(`${account} ${stripZeros(actual.get(account) as string)}`).toBe(`${account} ${text}`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints the journal as the confirmed CSV shape of hledger (header of the sample test)', async () => {
    const { dir, file } = await render('hledger');
    try {
      const sample = readFileSync(path.join(samples, 'hledger-print-csv.test'), 'utf8')
        .split('\n')
        .find((l) => l.startsWith('"txnidx"'));
      const printed = run('hledger', ['-f', file, 'print', '-O', 'csv']).split('\n');
      expect(printed[0]).toBe(sample);
      // every transaction balances: hledger refuses to print an unbalanced one, and the posting count matches
      const postings = ledgerEntries.length * 2;
      expect(printed.filter((l) => l.startsWith('"')).length - 1).toBe(postings);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describeWithPrograms('beancount accepts the ledger', [BEAN_CHECK], () => {
  it('passes bean-check', async () => {
    const { dir, file } = await render('beancount');
    try {
      expect(run('bean-check', [file])).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describeWithPrograms('closing assertions tie the books to the chain', [HLEDGER, BEAN_CHECK], () => {
  it('makes hledger and bean-check fail naming the one account whose chain balance differs from the ledger', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-assertions-'));
    try {
      const target = holdingKey(1, ledgerEntries.find((e) => e.chainId === 1 && e.assetContract === '')?.wallet ?? '', '');
      const chains = new Set(ledgerEntries.map((e) => e.chainId));
      const period: PeriodBounds = {
        history: () => [],
        startTime: Date.UTC(2020, 0, 1) / 1000,
        endTime: Date.UTC(2030, 0, 1) / 1000,
        blocks: new Map([...chains].map((chainId) => [chainId, { opening: 0, closing: 99_000_000 }])),
        // The chain agrees with the ledger everywhere but on one wallet's ETH, where it holds one wei more.
        chainBalance: (holding) => Promise.resolve({ value: holding.balance + (holding.key === target ? 1n : 0n) }),
      };
      const templates = [loadBuiltinTemplate('hledger'), loadBuiltinTemplate('beancount')];
      const results = await renderTiedOut({ entries: () => ledgerEntries, templates, period, outDir: dir, context: { timezone: 'UTC' } });
      const account = 'assets:crypto:ethereum:0xaaaa00000000000000000000000000000000000a:ETH';
      expect(results.map((r) => r.assertions?.differing)).toEqual([
        [account],
        ['Assets:Crypto:Ethereum:0xaaaa00000000000000000000000000000000000a:ETH'],
      ]);
      const failure = (command: string, args: string[]): string => {
        try {
          run(command, args);
          return '';
        } catch (error) {
          return (error as Error).message;
        }
      };
      expect(failure('hledger', ['-f', path.join(dir, 'ledgerscan.journal'), 'check'])).toContain(`account:    ${account}\n`);
      const beanFailure = failure('bean-check', [path.join(dir, 'ledgerscan.beancount')]);
      expect([...beanFailure.matchAll(/Balance failed for '([^']+)'/g)].map((m) => m[1])).toEqual([
        'Assets:Crypto:Ethereum:0xaaaa00000000000000000000000000000000000a:ETH',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describeWithPrograms('the beancount template', [BEAN_QUERY], () => {
  it("leaves 2^256 − 1 out of beancount's arithmetic, stated in a comment and the tie-out, so bean-query answers", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-beancount-'));
    try {
      const [result] = await renderTiedOut({
        entries: () => ledgerEntries,
        templates: [loadBuiltinTemplate('beancount')],
        outDir: dir,
        context: { timezone: 'UTC' },
      });
      expect(result?.residuals).toEqual([]);
      const text = readFileSync(path.join(dir, 'ledgerscan.beancount'), 'utf8');
      const max = '115792089237316195423570985008687907853269984665640564039457.584007913129639935';
      expect(text).toContain(
        `MAX-333333  contract:0x3333333333333333333333333333333333333333, decimals:18, chains:ethereum, debits:${max}\n`,
      );
      expect(text).toMatch(
        new RegExp(`^; left out, past beancount's numbers: \\S+ Assets:\\S+:MAX-333333  ${max.replace('.', '\\.')} MAX-333333$`, 'm'),
      );
      expect(text).not.toMatch(/^\d{4}-\d\d-\d\d (open|commodity) .*MAX-333333/m);
      const tieout = readFileSync(path.join(dir, 'tieout.csv'), 'utf8');
      expect(tieout).toMatch(
        /,0x3333333333333333333333333333333333333333,18,explained,"past beancount's numbers [^"]*",1,115792089237316195423570985008687907853269984665640564039457584007913129639935,/,
      );
      const query = runProgramOutput('bean-query', [
        path.join(dir, 'ledgerscan.beancount'),
        'SELECT account, sum(position) GROUP BY account',
      ]);
      expect({ status: query.status, stderr: query.stderr }).toEqual({ status: 0, stderr: '' });
      expect(query.stdout).toMatch(/Assets:Crypto:Polygon:0xaaaa00000000000000000000000000000000000a:POL +10 +POL/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describeWithPrograms('ledger-cli reads the journal', [LEDGER], () => {
  it('passes --strict and --pedantic without a warning', async () => {
    const { dir, file } = await render('hledger');
    try {
      for (const mode of ['--strict', '--pedantic']) {
        const run = runProgramOutput('ledger', ['-f', file, mode, 'bal']);
        expect({ mode, status: run.status, stderr: run.stderr }).toEqual({ mode, status: 0, stderr: '' });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('golden CTC header', () => {
  it('is the vendor sample header byte for byte', () => {
    const sampleHeader = readFileSync(path.join(samples, 'ctc-advanced-template.from-koitsu-thorchain-cryptotax.csv'), 'utf8').split(
      '\n',
    )[0];
    const golden = readFileSync(path.join(here, 'golden/ctc/ctc-Main-ethereum.csv'), 'utf8').split('\n')[0];
    expect(golden).toBe(sampleHeader);
  });
});

function stripZeros(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

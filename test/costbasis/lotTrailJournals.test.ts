import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BasisLeg } from '../../src/costbasis/BasisLeg.js';
import type { BasisReport } from '../../src/costbasis/BasisReport.js';
import type { CostBasisSettings } from '../../src/costbasis/CostBasisSettings.js';
import { Decimal, formatUnits } from '../../src/ledger/money.js';
import { gainsEntries } from '../../src/outputs/gainsEntries.js';
import { gainsJournalText } from '../../src/outputs/gainsJournalText.js';
import { DateFormatter } from '../../src/templates/DateFormatter.js';
import { TEXT_LOT_ACCOUNTS } from '../../src/templates/lotAccountRoles.js';
import { ETH, leg, replay, settingsOf, tx, W1, W2, WETH, yearOf } from './legs.js';
import { BEAN_CHECK, BEAN_QUERY, describeWithPrograms, HLEDGER, runProgram } from '../support/outsideProgram.js';

const YEAR = yearOf(2025);
const dates = new DateFormatter('yyyy-MM-dd', 'UTC');
const received = (id: string, when: string, amount: string, value: number, wallet = W1): BasisLeg[] =>
  tx(when, leg(id, 'in', 'gift_in', ETH, amount, value, wallet));
const paid = (id: string, when: string, amount: string, value: number, wallet = W1): BasisLeg[] =>
  tx(when, leg(id, 'out', 'payment_out', ETH, amount, value, wallet));

interface Written {
  report: BasisReport;
  beancount: string;
  hledger: string;
  gain: Decimal;
}

/** The replay of `history` for 2025, and its journals with lots (the asset accounts per wallet when `perWallet`). */
function written(history: BasisLeg[][], settings: CostBasisSettings, perWallet = false): Written {
  const report = replay(history, { settings, period: YEAR, trail: true });
  const legs = history.flat().filter((one) => one.timestamp >= YEAR.start && one.timestamp < YEAR.end);
  const journal = gainsEntries(report, legs, settings);
  const options = { currency: 'GBP', start: YEAR.start, dates };
  const named = (dialect: 'beancount' | 'hledger'): Record<string, string> => {
    const names = { ...TEXT_LOT_ACCOUNTS[dialect] };
    if (perWallet) names.asset = (names.asset as string).replace('{chain}', '{chain}:{wallet}');
    return names;
  };
  const beancount = gainsJournalText(journal, 'beancount', named('beancount'), options);
  const hledger = gainsJournalText(journal, 'hledger', named('hledger'), options);
  expect(hledger.gain.toFixed()).toBe(beancount.gain.toFixed());
  return { report, beancount: beancount.text, hledger: hledger.text, gain: beancount.gain };
}

const gainsTotal = (report: BasisReport): string => Decimal.sum(0, ...[...report.gains].map((row) => row.gain ?? 0)).toFixed();

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-gains-trail-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** bean-check and `hledger check` on both files; hledger's units per asset account (`account commodity` → amount) before `end`. */
function checked(run: Written, name: string): (end?: string) => Record<string, string> {
  const beancount = path.join(dir, `${name}.beancount`);
  const hledger = path.join(dir, `${name}.journal`);
  writeFileSync(beancount, run.beancount);
  writeFileSync(hledger, run.hledger);
  runProgram('bean-check', [beancount]);
  runProgram('hledger', ['-f', hledger, 'check']);
  const query = "SELECT sum(number) AS total WHERE account = 'Income:Crypto:Gains'";
  const gains = runProgram('bean-query', ['-f', 'csv', beancount, query]).trim().split('\n')[1]?.trim() ?? '';
  expect(new Decimal(gains || '0').neg().toFixed()).toBe(run.gain.toFixed());
  return (end) => {
    const lines = runProgram('hledger', [
      '-f',
      hledger,
      'bal',
      '^assets',
      ...(end === undefined ? [] : ['-e', end]),
      '-O',
      'csv',
      '--layout=bare',
      '--no-total',
    ])
      .trim()
      .split('\n')
      .slice(1);
    const cells = (line: string): string[] => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => match[1] as string);
    return Object.fromEntries(
      lines.map(cells).map(([account, commodity, amount]) => [`${account} ${commodity}`, new Decimal(amount as string).toFixed()]),
    );
  };
}

/** The replay's open lots at the period's end, summed per holding as whole units. */
function openUnits(report: BasisReport): Record<string, string> {
  const sums = new Map<string, bigint>();
  for (const lot of report.openLots) {
    const key = `${lot.wallet ?? '*'} ${lot.asset}`;
    sums.set(key, (sums.get(key) ?? 0n) + lot.quantity);
  }
  return Object.fromEntries([...sums].map(([key, quantity]) => [key, formatUnits(quantity, 18)]));
}

describe('journal entries of the replay’s trail', () => {
  it('posts a gift out at the lots’ cost to the removed account, with no gain', () => {
    const history = [received('L1', '2024-05-01', '1', 1000), tx('2025-02-01', leg('G', 'out', 'gift_out', ETH, '0.25', 900))];
    const journal = gainsEntries(replay(history, { settings: settingsOf('fifo'), period: YEAR, trail: true }), [], settingsOf('fifo'));
    expect(journal.opening.map((line) => [line.role, line.amount.toFixed(), line.quantity, line.lot?.id])).toEqual([
      ['asset', '1000', 10n ** 18n, 'L1'],
    ]);
    expect(
      journal.entries.map((entry) => [entry.title, entry.lines.map((line) => [line.role, line.amount.toFixed(), line.lot?.id])]),
    ).toEqual([
      [
        'gift_out 0.25 ETH',
        [
          ['asset', '-250', 'L1'],
          ['removed', '250', undefined],
        ],
      ],
    ]);
  });
});

describe('the trail is kept only when asked (a job with journals with lots)', () => {
  // The period's moves and removals with the lots they took: a replay without journals must not grow with them.
  const history = [
    received('L1', '2024-05-01', '2', 2000),
    tx('2025-02-01', leg('M', 'out', 'own_transfer', ETH, '0.5', 600), leg('M2', 'in', 'own_transfer', ETH, '0.5', 600, W2)),
    tx('2025-03-01', leg('G', 'out', 'gift_out', ETH, '0.25', 300)),
  ];

  it('without the option: no trail, the same rows', () => {
    const bare = replay(history, { settings: settingsOf('fifo', 'wallet'), period: YEAR });
    const traced = replay(history, { settings: settingsOf('fifo', 'wallet'), period: YEAR, trail: true });
    expect(bare.trail).toBeUndefined();
    expect(traced.trail?.opening.length).toBe(1);
    expect([traced.trail?.moves.length, traced.trail?.removals.length]).toEqual([1, 1]);
    const rows = (report: BasisReport): unknown[] => [report.removals, report.openLots, report.ties, report.issues];
    expect(rows(bare)).toEqual(rows(traced));
  });
});

describeWithPrograms('journals with lots against the replay, through bean-check and hledger', [BEAN_CHECK, BEAN_QUERY, HLEDGER], () => {
  it('uk: a sale matched to a purchase within 30 days takes that lot before it arrives, so the units are the ledger’s every day', () => {
    const UK: CostBasisSettings = { ...settingsOf('uk'), profile: 'uk' };
    const run = written(
      [
        received('P', '2024-06-01', '2', 2000),
        // Matched to the 5 January purchase: the 2024 sale owes it at the period's start.
        paid('D0', '2024-12-20', '0.5', 1000),
        received('L0', '2025-01-05', '0.5', 900),
        paid('D', '2025-03-10', '1', 1500),
        received('L', '2025-03-20', '1', 1800),
        paid('D2', '2025-06-01', '0.5', 700),
      ],
      UK,
    );
    // D is matched to L (1500 − 1800), D2 to the section 104 pool (2 ETH at 2000: 700 − 500).
    expect(gainsTotal(run.report)).toBe('-100');
    expect(run.gain.toFixed()).toBe('-100');
    expect(run.beancount).toContain('open Assets:Crypto:Ethereum:ETH "NONE"');
    expect(run.beancount).toMatch(/ {2}Assets:Crypto:Ethereum:ETH {2}-1 ETH \{1800 GBP, 2025-03-20, "L"\} @@ 1500\.00000000 GBP/);
    const units = checked(run, 'uk');
    const eth = (end?: string): string | undefined => units(end)['assets:crypto:ethereum:ETH ETH'];
    expect([eth('2025-01-02'), eth('2025-01-06'), eth('2025-03-11'), eth('2025-03-21'), eth()]).toEqual(['1.5', '2', '1', '2', '1.5']);
    expect(openUnits(run.report)).toEqual({ '* ETH': '1.5' });
  });

  it('fifo per wallet: an own transfer and a wrap move the lots at cost, a gift out removes them; each account holds its open lots', () => {
    const settings = settingsOf('fifo', 'wallet');
    const run = written(
      [
        received('L1', '2024-05-01', '1', 1000),
        received('L2', '2024-06-01', '1', 2000),
        tx('2025-02-01', leg('out', 'out', 'own_transfer', ETH, '1.5', 3000, W1), leg('in', 'in', 'own_transfer', ETH, '1.5', 3000, W2)),
        tx('2025-02-10', leg('wrap', 'out', 'wrap', ETH, '0.5', 1500, W2), leg('weth', 'in', 'wrap', WETH, '0.5', 1500, W2)),
        tx('2025-03-01', leg('G', 'out', 'gift_out', ETH, '0.25', 750, W2)),
        tx('2025-04-01', leg('S', 'out', 'payment_out', WETH, '0.25', 900, W2)),
      ],
      settings,
      true,
    );
    // The WETH sold is L1's (the first lot moved, then wrapped): 900 − 250.
    expect(gainsTotal(run.report)).toBe('650');
    expect(run.beancount).not.toContain('"NONE"');
    expect(run.beancount).toMatch(/Expenses:Crypto:Removed {2}250\.00000000 GBP/);
    const units = checked(run, 'fifo-wallet')();
    const w1 = W1.toLowerCase();
    const w2 = W2.toLowerCase();
    expect(units).toEqual({
      [`assets:crypto:ethereum:${w1}:ETH ETH`]: '0.5',
      [`assets:crypto:ethereum:${w2}:ETH ETH`]: '0.75',
      [`assets:crypto:ethereum:${w2}:WETH-C02AAA WETH-C02AAA`]: '0.25',
    });
    expect(openUnits(run.report)).toEqual({ [`${W1} ETH`]: '0.5', [`${W2} ETH`]: '0.75', [`${W2} WETH`]: '0.25' });
  });
});

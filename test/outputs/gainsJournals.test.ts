import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BasisLeg } from '../../src/costbasis/BasisLeg.js';
import type { BasisReport, GainRow } from '../../src/costbasis/BasisReport.js';
import type { Holding } from '../../src/costbasis/BasisEvent.js';
import type { CostBasisSettings } from '../../src/costbasis/CostBasisSettings.js';
import type { LotPiece } from '../../src/costbasis/Lot.js';
import { LotTrail } from '../../src/costbasis/LotTrail.js';
import { toMoney } from '../../src/costbasis/scaledMoney.js';
import { Decimal } from '../../src/ledger/money.js';
import { gainsEntries } from '../../src/outputs/gainsEntries.js';
import { gainsJournalRecords } from '../../src/outputs/gainsJournalCsv.js';
import { gainsJournalText } from '../../src/outputs/gainsJournalText.js';
import { DateFormatter } from '../../src/templates/DateFormatter.js';
import { loadBuiltinTemplate } from '../../src/templates/templateCatalog.js';
import { lotAccounts, TEXT_LOT_ACCOUNTS } from '../../src/templates/lotAccountRoles.js';
import { BEAN_CHECK, BEAN_QUERY, describeWithPrograms, HLEDGER, runProgram } from '../support/outsideProgram.js';
import { gainRow } from '../support/basisRows.js';

const d = (text: string): Decimal => new Decimal(text);
const ETH = 10n ** 18n;
const OP = '0x4200000000000000000000000000000000000042';
const at = (day: string): number => Date.parse(`${day}T12:00:00Z`) / 1000;
const PERIOD = { start: Date.UTC(2025, 0, 1) / 1000, end: Date.UTC(2026, 0, 1) / 1000 };
const settings: CostBasisSettings = { method: 'fifo', scope: 'universal', profile: 'generic', changes: [], unclassifiedOut: 'remove' };

const gain = (over: Partial<GainRow>): GainRow => gainRow({ acquiredAt: at('2024-03-01'), soldAt: at('2025-02-01'), ...over });

/** The replay's trail with the lots open at the period's start. */
function openAtStart(holding: Holding, pieces: LotPiece[]): LotTrail {
  const trail = new LotTrail();
  trail.started = true;
  trail.opening.push({ holding, pieces, owed: false });
  return trail;
}
const WALLET_ETH: Holding = { wallet: '0xw', chainId: 1, asset: 'ETH', assetContract: '', decimals: 18 };

/** One sale of two lots from before the period whose cents do not add up, one of unknown proceeds, staking income sold in part. */
const report: BasisReport = {
  gains: [
    gain({ quantity: ETH / 2n, proceeds: d('1000.005'), sellingCosts: d('0.335'), costBasis: d('700.003'), gain: d('299.667') }),
    gain({ lotId: 'a2', proceeds: d('2000.01'), sellingCosts: d('0.67'), costBasis: d('1500.006'), gain: d('499.334') }),
    gain({
      entryId: 'e2',
      txHash: '0xbb',
      lotId: null,
      acquiredAt: null,
      proceeds: null,
      costBasis: null,
      gain: null,
      flags: ['unknown_price'],
    }),
    gain({
      entryId: 'e3',
      txHash: '0xcc',
      lotId: 'inc1',
      asset: 'OP',
      assetContract: OP,
      quantity: 4n * ETH,
      acquiredAt: at('2025-01-10'),
      soldAt: at('2025-03-01'),
      kind: 'payment',
      proceeds: d('7.777'),
      costBasis: d('6.222'),
      gain: d('1.555'),
    }),
  ],
  income: [],
  removals: [],
  openLots: [],
  issues: [],
  allocations: [],
  ties: [],
  // a1 and a2 were bought before the period.
  trail: openAtStart(WALLET_ETH, [
    { lotId: 'a1', acquiredAt: at('2024-03-01'), quantity: ETH / 2n, cost: toMoney(d('700.003')) },
    { lotId: 'a2', acquiredAt: at('2024-03-01'), quantity: ETH, cost: toMoney(d('1500.006')) },
  ]),
};

const income: BasisLeg = {
  entryId: 'inc1',
  timestamp: at('2025-01-10'),
  chainId: 1,
  blockNumber: 10,
  txHash: '0xdd',
  transactionIndex: 0,
  order: 0,
  wallet: '0xw',
  direction: 'in',
  kind: 'erc20',
  category: 'staking_reward',
  asset: 'OP',
  assetContract: OP,
  amountRaw: 10n * ETH,
  decimals: 18,
  spam: '',
  value: d('15.555'),
  valueState: 'valued',
  price: d('1.5555'),
  priceSource: 'file',
};

const journal = gainsEntries(report, [income], settings, PERIOD);
const dates = new DateFormatter('yyyy-MM-dd', 'UTC');

/** Both journals through bean-check and `hledger check`, then one bean-query total of the beancount file. */
function checkedTotal(beancount: string, hledger: string, query: string): string | undefined {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-gains-journal-'));
  try {
    writeFileSync(path.join(dir, 'g.beancount'), beancount);
    writeFileSync(path.join(dir, 'g.journal'), hledger);
    runProgram('bean-check', [path.join(dir, 'g.beancount')]);
    runProgram('hledger', ['-f', path.join(dir, 'g.journal'), 'check']);
    return runProgram('bean-query', ['-f', 'csv', path.join(dir, 'g.beancount'), query])
      .trim()
      .split('\n')[1]
      ?.trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('gains journal entries', () => {
  it('posts each known disposal and acquisition once per transaction, and leaves an unknown one out', () => {
    expect(journal.entries.map((entry) => entry.title)).toEqual(['income 10 OP', 'sold 1.5 ETH', 'sold 4 OP']);
    expect(journal.disposals).toBe(2);
    expect(journal.leftOut).toEqual([expect.objectContaining({ kind: 'disposal', entryId: 'e2', why: 'unknown_price' })]);
    const sale = journal.entries[1]?.lines ?? [];
    expect(sale.map((line) => [line.role, line.amount.toFixed()])).toEqual([
      ['asset', '-700.003'],
      ['asset', '-1500.006'],
      ['exchange', '3000.015'],
      ['fees', '-1.005'],
      ['gains', '-799.001'],
    ]);
    expect(journal.entries[0]?.lines.map((line) => [line.role, line.amount.toFixed(), line.category ?? ''])).toEqual([
      ['asset', '15.555', ''],
      ['income', '-15.555', 'staking_reward'],
    ]);
  });

  it('balances each QuickBooks entry to the cent with the rounding on the gain line, the residue named', () => {
    const names = lotAccounts('quickbooks-journal', loadBuiltinTemplate('quickbooks-journal').accounts, {});
    const written = gainsJournalRecords(journal, 'quickbooks-journal', names, { currency: 'USD', dates });
    for (const entry of written.entries) {
      const sum = entry.reduce((total, row) => total.add((row[3] as string) || '0').sub((row[4] as string) || '0'), d('0'));
      expect(sum.toFixed(2)).toBe('0.00');
    }
    // 3000.015 → 3000.02, -1.005 → -1.00, -700.003 → -700.00, -1500.006 → -1500.01: the gain line takes -799.01.
    expect(written.entries[1]?.map((row) => [row[2], row[3], row[4]])).toContainEqual([
      'Realized gain/loss on digital assets',
      '',
      '799.01',
    ]);
    expect(written.gain.toFixed()).toBe('800.57');
    expect(written.residue.toFixed()).toBe('0.014');
  });

  it("posts a disposal's pieces of known basis and leaves out only the rest, as gains.csv counts their gain (uk)", () => {
    const pieces = [
      gain({ lotId: 'same-day', quantity: ETH / 4n, proceeds: d('500'), costBasis: d('400'), gain: d('100'), method: 'uk' }),
      gain({
        lotId: null,
        acquiredAt: null,
        quantity: (3n * ETH) / 4n,
        proceeds: d('1500'),
        costBasis: null,
        gain: null,
        flags: ['missing_basis'],
      }),
    ];
    const partial = gainsEntries({ ...report, gains: pieces }, [], { ...settings, method: 'uk', profile: 'uk' }, PERIOD);
    // The known piece goes short in `owed` on the sale's day; it leaves the asset account once the sale's 30 days are
    // over (its other part waits for them), at the end of 3 March.
    expect(
      partial.entries.map((entry) => [
        new Date(entry.at * 1000).toISOString(),
        entry.lines.map((line) => [line.role, line.amount.toFixed()]),
      ]),
    ).toEqual([
      [
        '2025-02-01T12:00:00.000Z',
        [
          ['owed', '-400'],
          ['exchange', '500'],
          ['gains', '-100'],
        ],
      ],
      [
        '2025-03-03T23:59:59.000Z',
        [
          ['asset', '-400'],
          ['owed', '400'],
        ],
      ],
    ]);
    expect(partial.leftOut).toEqual([expect.objectContaining({ entryId: 'e1', what: 'sold 0.75 ETH', why: 'missing_basis' })]);
  });

  it('applies a role named for one journal over one named for all', () => {
    const names = lotAccounts('xero-journal', loadBuiltinTemplate('xero-journal').accounts, {
      gains: 'G',
      'xero-journal.gains': '770',
      fees: 'F',
    });
    expect([names.gains, names.fees, names.exchange]).toEqual(['770', 'F', 'CLEARING']);
  });
});

describeWithPrograms('the plain-text gains journals', [BEAN_CHECK, BEAN_QUERY, HLEDGER], () => {
  it('carries the lots from before the period in, passes bean-check and hledger, and sums the gains exactly', () => {
    const options = { currency: 'USD', start: at('2025-01-01'), dates };
    const beancount = gainsJournalText(journal, 'beancount', TEXT_LOT_ACCOUNTS.beancount, options);
    const hledger = gainsJournalText(journal, 'hledger', TEXT_LOT_ACCOUNTS.hledger, options);
    // a1 and a2 were bought before the period; the income lot is acquired in it.
    expect(beancount.carried).toBe(2);
    expect(beancount.text).toContain('; left out, unknown_price: 2025-02-01 sold 1 ETH (entry e2, tx 0xbb)');
    expect(beancount.text).toContain('Assets:Crypto:Ethereum:OP-420000  10 OP-420000 {1.5555 USD, 2025-01-10, "inc1"}');
    expect(beancount.text).toContain('Income:Crypto:Staking-reward  -15.55500000 USD');
    expect(checkedTotal(beancount.text, hledger.text, "SELECT sum(number) AS total WHERE account = 'Income:Crypto:Gains'")).toBe(
      '-800.55600000',
    );
    expect(beancount.gain.toFixed()).toBe('800.556');
    expect(hledger.gain.toFixed()).toBe('800.556');
  });
  it('reduces a pool at its cost in an account booking NONE, its share at the start carried in (average)', () => {
    // The OP income lot (10 OP at 1.5555) joins a pool of 4 OP at 1.6 held before: 14 OP are sold at the pool's 1.6.
    const pool = (over: Partial<GainRow>): GainRow =>
      gain({ asset: 'OP', assetContract: OP, lotId: null, acquiredAt: null, soldAt: at('2025-03-01'), method: 'average', ...over });
    const sales = [
      pool({ quantity: 6n * ETH, proceeds: d('12'), costBasis: d('9.6'), gain: d('2.4') }),
      pool({ entryId: 'e4', txHash: '0xee', quantity: 8n * ETH, proceeds: d('16'), costBasis: d('12.8'), gain: d('3.2') }),
    ];
    const pooled = { lotId: null, acquiredAt: null, quantity: 4n * ETH, cost: toMoney(d('6.4')) };
    const trail = openAtStart({ ...WALLET_ETH, asset: 'OP', assetContract: OP }, [pooled]);
    const averaged = gainsEntries({ ...report, gains: sales, trail }, [income], { ...settings, method: 'average' }, PERIOD);
    const options = { currency: 'USD', start: at('2025-01-01'), dates };
    const beancount = gainsJournalText(averaged, 'beancount', TEXT_LOT_ACCOUNTS.beancount, options);
    const hledger = gainsJournalText(averaged, 'hledger', TEXT_LOT_ACCOUNTS.hledger, options);
    expect(beancount.text).toContain('2025-01-01 open Assets:Crypto:Ethereum:OP-420000 "NONE"');
    expect(beancount.text).toContain('  Assets:Crypto:Ethereum:OP-420000  4 OP-420000 {1.6 USD}\n');
    expect(beancount.text).toContain('  Assets:Crypto:Ethereum:OP-420000  -6 OP-420000 {1.6 USD} @@ 12.00000000 USD\n');
    expect(hledger.text).toContain('    assets:crypto:ethereum:OP-420000  -6 "OP-420000" @@ 9.60000000 USD  ; proceeds:12.00000000 USD\n');
    expect(checkedTotal(beancount.text, hledger.text, "SELECT sum(number) WHERE account ~ '^Assets'")).toBe('0');
    expect([beancount.gain.toFixed(), hledger.gain.toFixed()]).toEqual(['5.6', '5.6']);
  });
});

import { describe, expect, it } from '@jest/globals';
import type { GainRow, PoolTie } from '../../src/costbasis/BasisReport.js';
import { Decimal } from '../../src/ledger/money.js';
import { GAINS_HEADER, isoTime } from '../../src/outputs/basisRecords.js';
import { GainLines } from '../../src/outputs/GainLines.js';
import { csvLine } from '../../src/templates/csvLine.js';
import { basisTieRows } from '../../src/outputs/basisTieRows.js';
import { basisTotals } from '../../src/outputs/basisTotals.js';
import { summaryRecords, taxYearOf } from '../../src/outputs/costBasisSummary.js';
import { moneyText } from '../../src/outputs/moneyText.js';
import { TIEOUT_HEADER } from '../../src/templates/tieoutSheet.js';
import { gainRow } from '../support/basisRows.js';

const d = (text: string): Decimal => new Decimal(text);

const gain = (over: Partial<GainRow>): GainRow =>
  gainRow({
    quantity: 1_500_000_000_000_000_000n,
    proceeds: d('3000.005'),
    sellingCosts: d('1.115'),
    costBasis: d('2000'),
    gain: d('998.89'),
    term: 'long',
    ...over,
  });

/** The cost-basis files' cells: money rounded half-even only when written, unknown empty, totals summed exact first. */
describe('cost-basis files', () => {
  it('rounds half-even to the minor unit and writes unknown empty, never 0', () => {
    expect(moneyText(d('0.125'), 'USD')).toBe('0.12');
    expect(moneyText(d('0.135'), 'USD')).toBe('0.14');
    expect(moneyText(d('-0.001'), 'EUR')).toBe('0.00');
    expect(moneyText(d('1234.5'), 'JPY')).toBe('1234');
    expect(moneyText(null, 'USD')).toBe('');
    const line = new GainLines('USD').line(
      gain({ lotId: null, acquiredAt: null, costBasis: null, gain: null, term: null, flags: ['missing_acquisition'] }),
    );
    const record = line.split(',');
    expect(record).toHaveLength(GAINS_HEADER.length);
    expect(Object.fromEntries(GAINS_HEADER.map((name, index) => [name, record[index]]))).toMatchObject({
      lot_id: '',
      quantity: '1.5',
      acquired_at: '',
      sold_at: '2025-01-01T00:00:00Z',
      proceeds: '3000.00',
      selling_costs: '1.12',
      cost_basis: '',
      gain: '',
      term: '',
      flags: 'missing_acquisition',
    });
  });

  it('writes a gain row as its cells would be written one by one: quoted and neutralised where they need it', () => {
    const lines = new GainLines('USD');
    const tricky = gain({ entryId: 'e"1', lotId: '=lot,1', asset: 'A, "B"', flags: ['unknown_price', 'missing_basis'] });
    const plain = gain({ lotId: 'lot2', sellingCosts: d('-0.004') });
    for (const row of [tricky, plain, tricky]) {
      const cells = [row.entryId, row.lotId ?? '', row.txHash, String(row.chainId), row.wallet, row.asset, row.assetContract, '1.5'];
      const money = [row.proceeds, row.sellingCosts, row.costBasis, row.gain].map((value) => moneyText(value, 'USD'));
      const rest = [row.term ?? '', row.kind, row.method, 'USD', row.flags.join(';')];
      const record = [...cells, isoTime(row.acquiredAt), isoTime(row.soldAt), ...money, ...rest];
      expect(lines.line(row)).toBe(csvLine(record, '\n'));
    }
  });

  it('sums totals exact before rounding, over the known rows, and counts the unknown ones', () => {
    // Three rows of 0.005 each: rounded one by one they would write 0.00 three times; the total is 0.015 → 0.02.
    const rows = [0, 1, 2].map(() => gain({ proceeds: d('0.005'), gain: d('0.005'), term: 'short' }));
    const totals = basisTotals({
      gains: [...rows, gain({ gain: null })],
      income: [],
      removals: [],
      openLots: [],
      issues: [],
      allocations: [],
      ties: [],
    });
    expect(moneyText(totals.shortTerm, 'USD')).toBe('0.02');
    expect(totals.unknown.gains).toBe(1);
  });

  it('groups the summary by tax year of the profile, asset and term', () => {
    expect(taxYearOf('2025-04-05', 'uk')).toBe('2024/25');
    expect(taxYearOf('2025-04-06', 'uk')).toBe('2025/26');
    expect(taxYearOf('1999-12-31', 'uk')).toBe('1999/00');
    expect(taxYearOf('2025-04-05', 'us')).toBe('2025');
    // 2025-04-05T23:30Z is 6 April in London (BST): the next UK tax year.
    const late = gain({ soldAt: Date.UTC(2025, 3, 5, 23, 30) / 1000 });
    const early = gain({ entryId: 'e2', soldAt: Date.UTC(2025, 3, 5, 12) / 1000, gain: null });
    const records = summaryRecords([late, early, gain({ entryId: 'e2', soldAt: early.soldAt })], {
      profile: 'uk',
      timezone: 'Europe/London',
      currency: 'GBP',
    });
    expect(records).toEqual([
      ['2024/25', '1', 'ETH', '', 'long', '1', '6000.01', '2.23', '4000.00', '998.89', '1', 'GBP'],
      ['2025/26', '1', 'ETH', '', 'long', '1', '3000.00', '1.12', '2000.00', '998.89', '0', 'GBP'],
    ]);
  });

  it("writes each pool's basis in the tie-out's columns and refuses a pool of known costs that does not tie", () => {
    const tie: PoolTie = {
      wallet: null,
      chainId: 1,
      asset: 'ETH',
      assetContract: '',
      acquired: d('100.005'),
      movedIn: d('0'),
      disposed: d('40'),
      removed: d('0'),
      movedOut: d('0'),
      open: d('60.005'),
      unknown: 2,
    };
    const rows = basisTieRows([tie], 'USD');
    expect(rows.every((row) => row.length === TIEOUT_HEADER.length)).toBe(true);
    expect(rows.map((row) => [row[8], row[9], row[10], row[11]])).toEqual([
      ['cost acquired (USD)', '', '100.00', ''],
      ['cost moved in (USD)', '', '0.00', ''],
      ['cost disposed (USD)', '', '', '40.00'],
      ['cost removed (USD)', '', '', '0.00'],
      ['cost moved out (USD)', '', '', '0.00'],
      ['cost of the open lots (USD)', '', '', '60.00'],
      ['pieces of unknown cost, in no sum above', '2', '', ''],
    ]);
    // With unknown pieces, the known cost that went into them is the gap; with every cost known, a gap is a defect.
    expect(
      basisTieRows([{ ...tie, open: d('59') }], 'USD')
        .at(-1)
        ?.slice(8, 12),
    ).toEqual(['known cost gone into unknown cost (USD)', '', '', '1.00']);
    expect(() => basisTieRows([{ ...tie, open: d('60'), unknown: 0 }], 'USD')).toThrow(/does not tie out/);
    // The replay's money is exact (units of 10^-40): a tie forgives no gap, however far below a cent.
    expect(() => basisTieRows([{ ...tie, open: d('60.005').plus(d('1e-60')), unknown: 0 }], 'USD')).toThrow(/does not tie out/);
  });
});

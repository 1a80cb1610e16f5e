import { describe, expect, it } from '@jest/globals';
import type { GainRow, IncomeRow } from '../../src/costbasis/BasisReport.js';
import { form8949Box } from '../../src/costbasis/form8949Box.js';
import { afterFreigrenze, OTHER_INCOME_LIMIT, privateSalesLimit } from '../../src/costbasis/freigrenze.js';
import { sa108Parts, ukTaxYearStart } from '../../src/costbasis/sa108Parts.js';
import { InputError } from '../../src/errors/LedgerscanError.js';
import { Decimal } from '../../src/ledger/money.js';
import { anlageSoRows } from '../../src/outputs/anlageSoRows.js';
import type { FormContext } from '../../src/outputs/FormContext.js';
import { gainsFormRows, NO_ACQUISITION_NOTE, scheduleDRows } from '../../src/outputs/gainsFormRows.js';
import { sa108Rows } from '../../src/outputs/sa108Rows.js';
import { DateFormatter } from '../../src/templates/DateFormatter.js';
import { gainRow, incomeRow } from '../support/basisRows.js';

const d = (text: string): Decimal => new Decimal(text);
const at = (iso: string): number => Date.parse(iso) / 1000;

const gain = (over: Partial<GainRow>): GainRow =>
  gainRow({
    lotId: 'l1',
    quantity: 500_000_000_000_000_000n,
    acquiredAt: at('2024-06-15T12:00:00Z'),
    soldAt: at('2025-03-01T12:00:00Z'),
    proceeds: d('1000.004'),
    sellingCosts: d('0.006'),
    costBasis: d('400.005'),
    gain: d('599.993'),
    ...over,
  });

function context(over: Partial<FormContext> = {}): FormContext {
  return {
    form: 'form8949',
    currency: 'USD',
    timezone: 'UTC',
    dates: new DateFormatter('MM/dd/yyyy', 'UTC'),
    zeroBasis: false,
    period: { first: '2025-01-01', last: '2025-12-31' },
    ...over,
  };
}

const refusal = (make: () => unknown): string => {
  try {
    make();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as Error).message;
  }
  throw new Error('not refused');
};

describe('the tax forms’ rules', () => {
  it.each([
    ['short', 2024, 'I', 'C', '3'],
    ['long', 2024, 'II', 'F', '10'],
    ['short', 2025, 'I', 'I', '3'],
    ['long', 2025, 'II', 'L', '10'],
    ['long', 2026, 'II', 'L', '10'],
  ] as ['short' | 'long', number, string, string, string][])(
    'puts a %s-term sale of %i in part %s, box %s (Schedule D line %s)',
    (term, year, part, box, line) => {
      expect(form8949Box(term, year)).toEqual({ part, box, line });
    },
  );

  it('splits 2024/25 at 30 October 2024 and no other tax year', () => {
    expect(sa108Parts(2024)).toEqual([
      { taxYear: '2024/25', part: 'year', from: '2024-04-06', to: '2025-04-05' },
      { taxYear: '2024/25', part: 'before 2024-10-30', from: '2024-04-06', to: '2024-10-29' },
      { taxYear: '2024/25', part: 'from 2024-10-30', from: '2024-10-30', to: '2025-04-05' },
    ]);
    expect(sa108Parts(2023)).toHaveLength(1);
    expect(sa108Parts(2025)).toEqual([{ taxYear: '2025/26', part: 'year', from: '2025-04-06', to: '2026-04-05' }]);
    expect([ukTaxYearStart('2025-04-05'), ukTaxYearStart('2025-04-06')]).toEqual([2024, 2025]);
  });

  it('applies the §23 Freigrenze all or nothing: 1,000 € from 2024, 600 € before', () => {
    const limit = privateSalesLimit(2025);
    expect(afterFreigrenze(d('999.99'), limit).toFixed(2)).toBe('0.00');
    expect(afterFreigrenze(d('1000.00'), limit).toFixed(2)).toBe('1000.00');
    expect(afterFreigrenze(d('1000.01'), limit).toFixed(2)).toBe('1000.01');
    expect(afterFreigrenze(d('-50'), limit).toFixed(2)).toBe('-50.00');
    expect(privateSalesLimit(2023).toFixed(0)).toBe('600');
    expect(afterFreigrenze(d('599.99'), privateSalesLimit(2023)).toFixed(2)).toBe('0.00');
    expect(afterFreigrenze(d('600'), privateSalesLimit(2023)).toFixed(2)).toBe('600.00');
  });

  it('applies the §22 Nr. 3 limit of 256 € the same way', () => {
    expect(afterFreigrenze(d('255.99'), OTHER_INCOME_LIMIT).toFixed(2)).toBe('0.00');
    expect(afterFreigrenze(d('256'), OTHER_INCOME_LIMIT).toFixed(2)).toBe('256.00');
  });
});

describe('a gains form', () => {
  it('writes net proceeds, the gain of the rounded cells, the box by date, and Schedule D as the cells added up', () => {
    const rows = gainsFormRows(
      [
        gain({ entryId: 'e1', term: 'long', acquiredAt: at('2023-01-01T00:00:00Z') }),
        gain({ entryId: 'e2' }),
        gain({ entryId: 'e3', soldAt: at('2024-12-31T23:00:00Z') }),
      ],
      context(),
    );
    expect(rows.map((row) => [row.entryId, row.part, row.box])).toEqual([
      ['e3', 'I', 'C'],
      ['e2', 'I', 'I'],
      ['e1', 'II', 'L'],
    ]);
    expect(rows[1]).toMatchObject({
      description: '0.5 ETH',
      dateAcquired: '06/15/2024',
      dateSold: '03/01/2025',
      proceeds: '1000.00',
      'proceeds.gross': '1000.00',
      sellingCosts: '0.01',
      costBasis: '400.00',
      gain: '600.00',
    });
    expect(scheduleDRows(rows, 'USD')).toEqual([
      {
        taxYear: '2024',
        part: 'I',
        line: '3',
        box: 'C',
        rows: '1',
        proceeds: '1000.00',
        costBasis: '400.00',
        gain: '600.00',
        currency: 'USD',
      },
      {
        taxYear: '2025',
        part: 'I',
        line: '3',
        box: 'I',
        rows: '1',
        proceeds: '1000.00',
        costBasis: '400.00',
        gain: '600.00',
        currency: 'USD',
      },
      {
        taxYear: '2025',
        part: 'II',
        line: '10',
        box: 'L',
        rows: '1',
        proceeds: '1000.00',
        costBasis: '400.00',
        gain: '600.00',
        currency: 'USD',
      },
    ]);
  });

  it('refuses unknown proceeds even with --zero-basis-for-missing, naming the first entries and how many more', () => {
    const unknown = ['a', 'b', 'c', 'd', 'e'].map((entryId) => gain({ entryId, proceeds: null, gain: null }));
    const message = refusal(() => gainsFormRows(unknown, context({ zeroBasis: true })));
    expect(message).toMatch(/^form8949 refused: 5 rows with unknown proceeds \(entries a, b, c and 2 more\) \(fix: .*never written\)$/);
    expect(message).not.toContain('--zero-basis-for-missing');
  });

  it('refuses an unknown basis unless told to write 0, which it says on the row', () => {
    const rows = [
      gain({ entryId: 'x', costBasis: null, gain: null }),
      gain({ entryId: 'y', lotId: null, acquiredAt: null, costBasis: null, term: null }),
    ];
    expect(refusal(() => gainsFormRows(rows, context()))).toContain('2 rows with an unknown cost basis (entries x, y)');
    const written = gainsFormRows(rows, context({ zeroBasis: true }));
    expect(written.map((row) => [row.description, row.costBasis, row.gain, row.part, row.dateAcquired])).toEqual([
      ['0.5 ETH (missing cost basis, reported as 0)', '0.00', '1000.00', 'I', '06/15/2024'],
      [`0.5 ETH (${NO_ACQUISITION_NOTE})`, '0.00', '1000.00', 'I', ''],
    ]);
    expect(written[0]?.asset).toBe('ETH (missing cost basis, reported as 0)');
  });

  it('neutralises a token symbol a spreadsheet would run', () => {
    const [row] = gainsFormRows([gain({ asset: '=HYPERLINK("x")', quantity: 10n ** 18n })], context());
    expect(row?.description).toBe('1 =HYPERLINK("x")');
    expect(row?.asset).toBe(`'=HYPERLINK("x")`);
  });
});

describe('the summaries', () => {
  const uk = (over: Partial<FormContext> = {}): FormContext => context({ form: 'sa108', currency: 'GBP', ...over });

  it('SA108: a disposal per token and UK day, gains and losses apart, 2024/25 split at 30 October', () => {
    const rows = sa108Rows(
      [
        // One day's two sales of ETH are one disposal: +100 and −30 net to a gain of 70.
        gain({ entryId: 'a', soldAt: at('2024-10-29T22:59:00Z'), proceeds: d('500'), sellingCosts: d('0'), costBasis: d('400') }),
        gain({ entryId: 'b', soldAt: at('2024-10-29T10:00:00Z'), proceeds: d('370'), sellingCosts: d('0'), costBasis: d('400') }),
        // London keeps GMT from 27 October: 00:30 UTC on the 30th is the 30th, after the rate change.
        gain({ entryId: 'c', soldAt: at('2024-10-30T00:30:00Z'), proceeds: d('100'), sellingCosts: d('10'), costBasis: d('150') }),
      ],
      uk({ period: { first: '2024-04-06', last: '2025-04-05' } }),
    );
    expect(
      rows.map((row) => [row.part, row.complete, row.disposals, row.proceeds, row.allowableCosts, row.gains, row.losses, row.net]),
    ).toEqual([
      ['year', 'yes', '2', '970.00', '960.00', '70.00', '60.00', '10.00'],
      ['before 2024-10-30', 'yes', '1', '870.00', '800.00', '70.00', '0.00', '70.00'],
      ['from 2024-10-30', 'yes', '1', '100.00', '160.00', '0.00', '60.00', '-60.00'],
    ]);
  });

  it('SA108: a calendar year touches two tax years, each said to be in part', () => {
    const rows = sa108Rows([], uk());
    expect(rows.map((row) => [row.taxYear, row.part, row.from, row.to, row.complete])).toEqual([
      ['2024/25', 'year', '2025-01-01', '2025-04-05', 'no'],
      ['2024/25', 'from 2024-10-30', '2025-01-01', '2025-04-05', 'no'],
      ['2025/26', 'year', '2025-04-06', '2025-12-31', 'no'],
    ]);
  });

  const de = (over: Partial<FormContext> = {}): FormContext => context({ form: 'anlage-so', currency: 'EUR', ...over });
  const income = (value: string | null): IncomeRow =>
    incomeRow({ timestamp: at('2025-05-01T00:00:00Z'), value: value === null ? null : d(value) });

  it.each([
    ['999.99', '0.00'],
    ['1000.00', '1000.00'],
    ['1000.01', '1000.01'],
  ])('Anlage SO: a §23 total of %s leaves %s taxable', (total, taxable) => {
    const sale = gain({ proceeds: d(total).plus(100), sellingCosts: d('40'), costBasis: d('60') });
    const [row] = anlageSoRows([sale, gain({ entryId: 'old', term: 'long', costBasis: null })], [income('255.99')], de());
    expect(row).toMatchObject({ year: '2025', complete: 'yes', disposals: '1', gain: total, limit: '1000.00', taxable });
    expect(row).toMatchObject({ exemptDisposals: '1', income: '255.99', incomeLimit: '256.00', incomeTaxable: '0.00', note: '' });
  });

  it('Anlage SO: refuses unknown income, never taking it as 0', () => {
    expect(refusal(() => anlageSoRows([], [income(null)], de({ zeroBasis: true })))).toContain('1 row with unknown proceeds (entries i1)');
  });
});

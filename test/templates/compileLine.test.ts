import { describe, expect, it } from '@jest/globals';
import { Decimal } from '../../src/ledger/money.js';
import type { LedgerEntry } from '../../src/ledger/LedgerEntry.js';
import type { PriceAnswer } from '../../src/prices/PriceAnswer.js';
import type { PriceQuery } from '../../src/prices/PriceQuery.js';
import type { LegValue, RowPrices } from '../../src/prices/valueLeg.js';
import { valueRecord, valueRecordText } from '../../src/prices/valueRecord.js';
import { AmountFormatter } from '../../src/templates/AmountFormatter.js';
import { AssetNamer } from '../../src/templates/AssetNamer.js';
import { compileLine } from '../../src/templates/compileLine.js';
import { compileRow } from '../../src/templates/compileRow.js';
import { csvLine } from '../../src/templates/csvLine.js';
import { entryRow } from '../../src/templates/entryRow.js';
import { RowValuer } from '../../src/templates/RowValuer.js';
import type { Template } from '../../src/templates/Template.js';
import { loadBuiltinTemplate } from '../../src/templates/templateCatalog.js';
import { valuedTemplate } from '../../src/templates/valuedTemplate.js';
import { ledgerEntries } from './fixtures/ledgerEntries.js';

/**
 * Prices for the fixture: ETH in EUR converted from USD (a source with an ECB rate), USDC without a price, DAI
 * rate-limited, every other token at a long price with a time off the hour.
 */
const prices: RowPrices = {
  currency: 'EUR',
  priceAt(query: PriceQuery): PriceAnswer {
    if (query.asset === 'native')
      return {
        found: true,
        price: new Decimal('2992.29').div('1.0404'),
        currency: 'EUR',
        time: 1_735_693_207,
        source: 'defillama',
        fx: { usdPerEur: '1.0404', date: '2024-12-31', usd: new Decimal('2992.29') },
      };
    if (query.asset === '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48') return { found: false, state: 'not found' };
    if (query.asset === '0x6b175474e89094c44da98b954eedeac495271d0f') return { found: false, state: 'rate-limited' };
    return { found: true, price: new Decimal('0.000000012345678901234'), currency: 'EUR', time: 1_735_689_600.5, source: 'coingecko' };
  },
};

const tools = () => ({ amounts: new AmountFormatter(null, 'half-even'), names: new AssetNamer('symbol', 'symbol') });

/** The fixture's entries, and the same with cells that need quoting or neutralising (a label with a comma, a formula note). */
const entries: LedgerEntry[] = ledgerEntries.flatMap((entry, i) =>
  i % 3 === 0
    ? [entry, { ...entry, entryId: `${entry.entryId}-q`, walletLabel: 'Main, "hot"', note: '=HYPERLINK("x")', method: 'line\nbreak' }]
    : [entry],
);

/** Every line as `csvLine` writes all of the template's cells, and as `compileLine` writes it. */
function bothLines(template: Template, eol: '\n' | '\r\n'): { cells: string[]; lines: string[] } {
  const cellsOf = compileRow(template, { ...tools(), prices });
  const lineOf = compileLine(template, { ...tools(), prices }, eol);
  const rows = entries.map(entryRow);
  return { cells: rows.map((row) => csvLine(cellsOf(row, null), eol)), lines: rows.map((row) => lineOf(row, null)) };
}

describe('compileLine: a row as one CSV record', () => {
  const ledger = valuedTemplate(loadBuiltinTemplate('ledger'), true);

  it('writes a template ending in the value record exactly as csvLine writes all its cells, quoted, neutralised and valued rows alike', () => {
    for (const eol of ['\n', '\r\n'] as const) {
      const { cells, lines } = bothLines(ledger, eol);
      expect(lines).toEqual(cells);
      // The fixture reaches every kind of record: valued (with the ECB rate), missing by state, spam, quoted rows.
      expect(lines.some((line) => line.includes(',EUR,2025-01-01T01:00:07Z,defillama,1.0404,2024-12-31,'))).toBe(true);
      expect(lines.some((line) => line.endsWith(',,,,,,,,rate-limited'))).toBe(true);
      expect(lines.some((line) => line.endsWith(',,,,,,,,not found'))).toBe(true);
      expect(lines.some((line) => line.endsWith(',,,,,,,,spam'))).toBe(true);
      expect(lines.some((line) => line.includes('"Main, ""hot"""') && line.includes(`'=HYPERLINK`))).toBe(true);
    }
  });

  it('writes the record as cells when it is not the template’s last columns, and the record alone when it is all of them', () => {
    const columns = ledger.columns;
    const moved = { ...ledger, columns: [...columns.slice(-6), ...columns.slice(0, -6)] };
    const swapped = { ...ledger, columns: [...columns.slice(0, -2), columns.at(-1), columns.at(-2)] as typeof columns };
    const alone = { ...ledger, columns: columns.slice(-6) };
    for (const template of [moved, swapped, alone]) {
      const { cells, lines } = bothLines(template, '\n');
      expect(lines).toEqual(cells);
    }
  });

  it('writes an unvalued export’s record empty, as the cells would be', () => {
    const row = entryRow(entries[0] as LedgerEntry);
    expect(compileLine(ledger, tools(), '\n')(row, null)).toBe(csvLine(compileRow(ledger, tools())(row, null), '\n'));
    expect(compileLine(ledger, tools(), '\n')(row, null).endsWith(',,,,,,')).toBe(true);
  });
});

describe('valueRecordText: the value record as one trusted text', () => {
  it('is valueRecord’s cells joined, needing neither quoting nor neutralising, for every value a row can have', () => {
    const valuer = new RowValuer(prices);
    const values: (LegValue | null)[] = [null];
    for (const entry of entries) {
      const row = entryRow(entry);
      for (const leg of [row.sent, row.received, row.fee]) if (leg !== null) values.push(valuer.of(row, leg));
    }
    expect(new Set(values.map((value) => (value === null ? 'null' : value.valued ? 'valued' : value.state)))).toEqual(
      new Set(['null', 'valued', 'not found', 'rate-limited', 'spam', 'unknown decimals']),
    );
    for (const value of values) {
      const cells = valueRecord(value);
      expect(valueRecordText(value)).toBe(cells.join(','));
      expect(csvLine(cells, '\r\n')).toBe(cells.join(','));
    }
  });
});

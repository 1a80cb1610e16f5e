import { describe, expect, it } from '@jest/globals';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Decimal } from '../../src/ledger/money.js';
import type { PriceAnswer } from '../../src/prices/PriceAnswer.js';
import type { PriceQuery } from '../../src/prices/PriceQuery.js';
import { PriceQueries } from '../../src/prices/PriceQueries.js';
import { recordAnswers } from '../../src/prices/RecordedPrices.js';
import type { RowPrices } from '../../src/prices/valueLeg.js';
import { renderTiedOut } from '../support/renderTiedOut.js';
import type { PeriodBounds } from '../../src/templates/PeriodBounds.js';
import { loadBuiltinTemplate } from '../../src/templates/templateCatalog.js';
import { BEAN_CHECK, BEAN_QUERY, describeWithPrograms, HLEDGER, runProgram as run } from '../support/outsideProgram.js';
import { ledgerEntries } from './fixtures/ledgerEntries.js';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';

const goldenRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), 'goldenValued');
const update = process.env.UPDATE_GOLDEN === '1';
const START = Date.parse('2025-01-01T00:00:00Z') / 1000;
const END = Date.parse('2026-01-01T00:00:00Z') / 1000;
const ARB = '0x912ce59144191c1204e64559fe8253a0e49e6548';
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';

/**
 * The prices these files are valued with, as plain answers: ETH rises in the year's last second (the closing
 * instant, `END - 1`, which every file values the closing at), ARB has none, USDC is rate-limited once.
 */
function answer(query: PriceQuery): PriceAnswer {
  const at = (price: string, source = 'defillama'): PriceAnswer => ({
    found: true,
    price: new Decimal(price),
    currency: 'USD',
    time: query.time - (query.time % 3600),
    source,
  });
  if (query.nft === true)
    return query.asset === '0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d' ? at('15000', 'file') : { found: false, state: 'not found' };
  if (query.asset === 'native') return query.chainId === 137 ? at('0.4123') : at(query.time >= END - 1 ? '3321.987654' : '2000.125');
  if (query.asset === USDC)
    return query.time === Date.parse('2025-03-01T12:00:00Z') / 1000 ? { found: false, state: 'rate-limited' } : at('0.9998');
  if (query.asset === ARB) return { found: false, state: 'not found' };
  return { found: false, state: 'low confidence' };
}
const prices: RowPrices = { currency: 'USD', priceAt: answer };
const valuation = {
  prices,
  forChains: (chainIds: readonly number[]) => ({ answers: recordAnswers(new PriceQueries().assets(), prices, new Set(chainIds)) }),
};
const period: PeriodBounds = {
  history: () => [],
  startTime: START,
  endTime: END,
  blocks: new Map([1, 10, 137, 42161, 8453].map((chainId) => [chainId, { opening: 0, closing: 99_999_999 }])),
};
const VALUED = ['ledger', 'koinly', 'cointracking', 'ctc', 'quickbooks', 'xero', 'hledger', 'beancount'];

async function renderValued(name: string): Promise<{ dir: string; files: string[] }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `ledgerscan-valued-${name}-`));
  const [result] = await renderTiedOut({
    entries: () => ledgerEntries,
    templates: [loadBuiltinTemplate(name)],
    outDir: dir,
    context: { timezone: 'UTC' },
    period,
    valuation,
  });
  return { dir, files: result?.files ?? [] };
}

describe('valued files: each template with values over the fixture ledger', () => {
  it.each(VALUED)('%s renders byte for byte as committed in goldenValued', async (name) => {
    const { dir } = await renderValued(name);
    try {
      const golden = path.join(goldenRoot, name);
      if (update) {
        rmSync(golden, { recursive: true, force: true });
        mkdirSync(golden, { recursive: true });
        cpSync(dir, golden, { recursive: true });
      }
      const list = (d: string): string[] =>
        readdirSync(d)
          .filter((file) => !file.startsWith('.'))
          .sort();
      expect(list(dir)).toEqual(list(golden));
      for (const file of list(golden))
        expect(`${file}:\n${readFileSync(path.join(dir, file), 'utf8')}`).toBe(
          `${file}:\n${readFileSync(path.join(golden, file), 'utf8')}`,
        );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ledger.csv: exact value to the cent, spam never valued, a missing price empty (never 0) with its state', async () => {
    const { dir } = await renderValued('ledger');
    try {
      const [header, ...rows] = parse(readFileSync(path.join(dir, 'ledger.csv'), 'utf8')) as string[][];
      expect((header as string[]).slice(-8)).toEqual([
        'price',
        'price_currency',
        'price_time',
        'price_source',
        'fx_rate',
        'fx_date',
        'value',
        'value_state',
      ]);
      const cell = (row: string[], name: string): string => row[(header as string[]).indexOf(name)] as string;
      const first = rows.find((row) => cell(row, 'tx_hash').endsWith('01') && cell(row, 'kind') === 'native') as string[];
      // 2 ETH × 2000.125 USD
      expect([cell(first, 'value'), cell(first, 'price'), cell(first, 'price_currency'), cell(first, 'value_state')]).toEqual([
        '4000.25',
        '2000.125',
        'USD',
        '',
      ]);
      const spam = rows.filter((row) => cell(row, 'spam') !== '');
      expect(spam.length).toBeGreaterThan(0);
      expect(spam.every((row) => cell(row, 'value') === '' && cell(row, 'price') === '')).toBe(true);
      const arb = rows.filter((row) => cell(row, 'asset_contract') === ARB);
      expect(arb.map((row) => [cell(row, 'value'), cell(row, 'value_state')])).toEqual(arb.map(() => ['', 'not found']));
      // The tie-out's value line is the sum of the values the file carries, per side.
      const sum = (keep: (row: string[]) => boolean): string =>
        rows
          .filter(keep)
          .reduce((total, row) => total.plus(cell(row, 'value') || '0'), new Decimal(0))
          .toFixed(2);
      const tie = (parse(readFileSync(path.join(dir, 'tieout.csv'), 'utf8')) as string[][]).find((line) => line[7] === 'value') as string[];
      expect(tie.slice(10, 13)).toEqual([
        sum((row) => cell(row, 'direction') === 'in'),
        sum((row) => cell(row, 'direction') === 'out' && cell(row, 'kind') !== 'fee'),
        sum((row) => cell(row, 'kind') === 'fee'),
      ]);
      // Every row either has a value or says why not; a dust fee rounds to 0.00 with its price shown.
      expect(rows.filter((row) => (cell(row, 'value') === '') === (cell(row, 'value_state') === ''))).toEqual([]);
      expect(rows.filter((row) => cell(row, 'value_state') !== '' && cell(row, 'price') !== '')).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the valued ledger’s spreadsheet twin types its value column as a number', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-valued-xlsx-'));
    try {
      await renderTiedOut({
        entries: () => ledgerEntries,
        templates: [loadBuiltinTemplate('ledger')],
        outDir: dir,
        context: { timezone: 'UTC' },
        valuation,
        xlsx: true,
      });
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(path.join(dir, 'ledger.xlsx'));
      const sheet = book.worksheets[0] as ExcelJS.Worksheet;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(header.slice(-8)).toEqual([
        'price',
        'price_currency',
        'price_time',
        'price_source',
        'fx_rate',
        'fx_date',
        'value',
        'value_state',
      ]);
      expect(sheet.getRow(2).getCell(header.length - 1).value).toBe(4000.25);
      // The price a number too (15 significant digits at most: what the cell keeps), not text.
      expect(sheet.getRow(2).getCell(header.length - 7).value).toBe(2000.125);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('unvalued, the same templates write no valued column', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-unvalued-'));
    try {
      await renderTiedOut({
        entries: () => ledgerEntries,
        templates: [loadBuiltinTemplate('ledger')],
        outDir: dir,
        context: { timezone: 'UTC' },
      });
      expect(readFileSync(path.join(dir, 'ledger.csv'), 'utf8').split('\n')[0]).not.toContain('value');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Σ over priced holdings at the year's end of balance × that day's price, to the cent. */
function yearEndValue(): Decimal {
  const balances = new Map<string, { raw: bigint; decimals: number; query: PriceQuery }>();
  for (const entry of ledgerEntries) {
    if (entry.spam !== '' || entry.decimals === null) continue;
    const nft = entry.kind === 'erc721' || entry.kind === 'erc1155';
    const key = `${entry.chainId} ${entry.wallet} ${entry.assetContract}`;
    const query: PriceQuery = { chainId: entry.chainId, asset: entry.assetContract || 'native', time: END - 1, ...(nft ? { nft } : {}) };
    const held = balances.get(key) ?? { raw: 0n, decimals: entry.decimals, query };
    held.raw += entry.direction === 'in' ? entry.amountRaw : -entry.amountRaw;
    balances.set(key, held);
  }
  let total = new Decimal(0);
  for (const { raw, decimals, query } of balances.values()) {
    const price = answer(query);
    if (price.found) total = total.plus(new Decimal(raw.toString()).div(new Decimal(10).pow(decimals)).times(price.price));
  }
  return total;
}

describeWithPrograms('valued journals in hledger and beancount', [HLEDGER, BEAN_CHECK, BEAN_QUERY], () => {
  it('hledger bal -X USD -e <end> assets equals Σ balance × year-end price', async () => {
    const { dir, files } = await renderValued('hledger');
    try {
      const journal = files.find((file) => file.endsWith('ledgerscan.journal')) as string;
      run('hledger', ['-f', journal, 'check']);
      const out = run('hledger', [
        '-f',
        journal,
        'bal',
        '-X',
        'USD',
        '-e',
        '2026-01-01',
        'assets',
        '--no-elide',
        '-O',
        'csv',
        '--layout=bare',
      ]);
      const total = [...out.matchAll(/^"total","USD","([-0-9.]+)"$/gm)].map((m) => m[1] as string);
      expect(total.length).toBe(1);
      expect(new Decimal(total[0] as string).toFixed(2)).toBe(yearEndValue().toFixed(2));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('bean-check accepts the valued beancount file, and CONVERT gives the same year-end value', async () => {
    const { dir, files } = await renderValued('beancount');
    try {
      const book = files[0] as string;
      run('bean-check', [book]);
      const out = run('bean-query', [
        '-f',
        'csv',
        book,
        "SELECT CONVERT(SUM(position), 'USD', 2025-12-31) AS v WHERE account ~ '^Assets:' AND date < 2026-01-01",
      ]);
      const usd = [...out.matchAll(/(-?[0-9.]+) USD/g)].map((m) => m[1] as string);
      expect(usd.length).toBe(1);
      expect(new Decimal(usd[0] as string).toFixed(2)).toBe(yearEndValue().toFixed(2));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Job } from '../../src/config/Job.js';
import { CsvFileWriter } from '../../src/output/CsvFileWriter.js';
import { neutraliseCell } from '../../src/templates/neutraliseCell.js';
import ExcelJS from 'exceljs';
import { EXPONENT_NOTE, spreadsheetCell, TOO_PRECISE_NOTE } from '../../src/output/spreadsheetCell.js';
import { XlsxTwin } from '../../src/output/XlsxTwin.js';
import { writeManifest } from '../../src/output/writeManifest.js';

function tempDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-output-'));
}

describe('neutraliseCell', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['+1+2', `'+1+2`],
    ['-cmd', `'-cmd`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\tTAB', `'\tTAB`],
    ['\rCR', `'\rCR`],
    ['-1.5', '-1.5'],
    ['-42', '-42'],
    ['0.000000000000000001', '0.000000000000000001'],
    ['USDC', 'USDC'],
    ['', ''],
  ])('%j becomes %j', (cell, expected) => {
    expect(neutraliseCell(cell)).toBe(expected);
  });
});

describe('CsvFileWriter', () => {
  it('writes CRLF rows across chunk boundaries without a trailing line break when asked', async () => {
    const dir = tempDir();
    try {
      const file = path.join(dir, 'out.csv');
      const writer = new CsvFileWriter(file, { header: ['a', 'b'], lineEnding: 'crlf', finalNewline: false });
      for (let i = 0; i < 4500; i += 1) {
        writer.writeRow([String(i), i % 2 === 0 ? 'x,y' : '=1+1']);
        if (writer.full) await writer.flush();
      }
      expect(readdirSync(dir).filter((f) => f === 'out.csv')).toEqual([]);
      await writer.commit();
      const text = readFileSync(file, 'utf8');
      const lines = text.split('\r\n');
      expect(lines).toHaveLength(4501);
      expect(lines[0]).toBe('a,b');
      expect(lines[1]).toBe('0,"x,y"');
      expect(lines[2]).toBe(`1,'=1+1`);
      expect(lines[4500]).toBe(`4499,'=1+1`);
      expect(text.endsWith('\r\n')).toBe(false);
      expect(readdirSync(dir)).toEqual(['out.csv']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes exactly the UTF-8 of its lines over many reused chunks, a line longer than a chunk, and multi-byte text at every boundary', async () => {
    const dir = tempDir();
    try {
      const file = path.join(dir, 'out.csv');
      const writer = new CsvFileWriter(file, { header: ['n', 'name'], lineEnding: 'lf', finalNewline: true });
      const expected = ['n,name'];
      // Rows of 1 to 4-byte characters of varying lengths shift every chunk boundary; one row is 200 KB on its own.
      const names = ['Ether', 'Éther ünïcödé', '以太坊代币', '🦄 Unicorn 🦄', 'x'.repeat(200_000)];
      for (let i = 0; i < 40_000; i += 1) {
        const name = `${names[i % 4] as string}${'é'.repeat(i % 7)}`;
        const cells = [String(i), i === 20_000 ? (names[4] as string) : name];
        expected.push(cells.join(','));
        writer.writeRow(cells);
        // Half the rows queue without a flush, so a chunk is also sealed while others wait.
        if (writer.full && i % 2 === 0) await writer.flush();
      }
      await writer.commit();
      expect(readFileSync(file).equals(Buffer.from(`${expected.join('\n')}\n`))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves nothing behind when aborted', async () => {
    const dir = tempDir();
    try {
      const writer = new CsvFileWriter(path.join(dir, 'out.csv'), { header: ['a'], lineEnding: 'lf', finalNewline: true });
      writer.writeRow(['1']);
      await writer.flush();
      await writer.abort();
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('writeManifest', () => {
  it('records each file with its sha256 and never the API key or the CoinGecko key', async () => {
    const dir = tempDir();
    try {
      writeFileSync(path.join(dir, 'ledger.csv'), 'timestamp\n');
      const job: Job = {
        wallets: [{ address: '0xaaaa00000000000000000000000000000000000a', label: 'Main', chains: null }],
        chains: [1],
        period: { from: '2025-01-01', to: '2025-12-31', startTime: 1735689600, endTime: 1767225600 },
        timezone: 'UTC',
        templates: ['ledger'],
        templateFiles: [],
        out: dir,
        state: path.join(dir, 'state.sqlite'),
        api: { baseUrl: 'https://api.etherscan.io/v2/api', rate: 3, historicalRate: 2, dailyQuota: 100_000, apiKey: 'SECRETKEY123' },
        fees: 'auto',
        labels: {},
        spam: { allow: [], deny: [] },
        ripeness: {},
        apiLabels: false,
        xlsx: false,
        rules: [],
        quiet: true,
        valuation: {
          currency: 'EUR',
          sources: ['coingecko'],
          maxAge: 86400,
          urls: { defillama: 'a', coingecko: 'b', ecb: 'c', etherscan: 'd' },
          coingeckoKey: 'CG-SECRET-456',
        },
      };
      const target = await writeManifest(dir, {
        toolVersion: '0.1.0',
        job,
        blockRanges: { 1: { fromBlock: 21525000, toBlock: 24136000 } },
        feeRules: { 1: 'the rule' },
        counts: { entries: 0 },
        files: [path.join(dir, 'ledger.csv')],
        generatedAt: '2026-01-01T00:00:00Z',
      });
      const text = readFileSync(target, 'utf8');
      expect(text).not.toContain('SECRETKEY123');
      expect(text).not.toContain('CG-SECRET-456');
      const manifest = JSON.parse(text) as { files: unknown; tool: unknown; blockRanges: unknown; fees: unknown };
      expect(manifest.fees).toEqual({ source: 'auto', rules: { 1: 'the rule' } });
      expect(manifest.tool).toEqual({ name: 'ledgerscan', version: '0.1.0' });
      expect(manifest.blockRanges).toEqual({ 1: { fromBlock: 21525000, toBlock: 24136000 } });
      expect(manifest.files).toEqual([{ path: 'ledger.csv', bytes: 10, sha256: createHash('sha256').update('timestamp\n').digest('hex') }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('CsvFileWriter quoting', () => {
  it('is byte-identical to csv-stringify on cells full of quotes, commas and line breaks', async () => {
    const { stringify } = await import('csv-stringify/sync');
    const alphabet = ['a', '1', '.', ',', '"', '\n', '\r', ' ', 'é', "'", ';'];
    let seed = 7;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648);
    const rows: string[][] = [];
    for (let r = 0; r < 3000; r += 1) {
      rows.push(Array.from({ length: 4 }, () => Array.from({ length: next() % 6 }, () => alphabet[next() % alphabet.length]).join('')));
    }
    for (const lineEnding of ['lf', 'crlf'] as const) {
      const dir = tempDir();
      try {
        const file = path.join(dir, 'q.csv');
        const writer = new CsvFileWriter(file, { header: ['h1', 'h2', 'h3', 'h4'], lineEnding, finalNewline: true });
        for (const row of rows) writer.writeRow([...row]);
        await writer.commit();
        const eol = lineEnding === 'crlf' ? '\r\n' : '\n';
        expect(readFileSync(file, 'utf8')).toBe(
          stringify([['h1', 'h2', 'h3', 'h4'], ...rows.map((row) => row.map(neutraliseCell))], { record_delimiter: eol }),
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });
});

describe('spreadsheetCell', () => {
  it('makes a decimal a number only where 15 significant digits hold it, and says why otherwise', () => {
    expect(spreadsheetCell('0.00248851179041425', 'number')).toEqual({
      value: 0.00248851179041425,
      note: null,
      format: '0.00000000000000000',
    });
    expect(spreadsheetCell('0.002488511790414254', 'number')).toEqual({
      value: '0.002488511790414254',
      note: TOO_PRECISE_NOTE,
      format: null,
    });
    expect(spreadsheetCell('300155512659405000000', 'number')).toEqual({ value: 300155512659405000000, note: null, format: '0' });
    expect(spreadsheetCell('-12.500000000000000000', 'number')).toEqual({ value: -12.5, note: null, format: '0.000000000000000000' });
    expect(spreadsheetCell('3814432126955387', 'number')).toEqual({ value: '3814432126955387', note: TOO_PRECISE_NOTE, format: null });
  });

  it('keeps text columns, words and empty cells as they are', () => {
    expect(spreadsheetCell('3814432126955387', 'text')).toEqual({ value: '3814432126955387', note: null, format: null });
    expect(spreadsheetCell('1e5', 'number')).toEqual({ value: '1e5', note: null, format: null });
    expect(spreadsheetCell('', 'number')).toEqual({ value: null, note: null, format: null });
  });
});

describe('XlsxTwin', () => {
  it('keeps a whole number too large to be stored but in exponent form as text, and shows each number with its CSV decimals (values 0.00)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-xlsx-'));
    try {
      // An amount of a token whose decimals are unknown is its base units; 1 wei in ETH; a value in cents.
      writeFileSync(path.join(dir, 'a.csv'), 'amount,value\n5000000000000000000000,12.30\n0.000000000000000001,1.00\n');
      const twin = new XlsxTwin(path.join(dir, 'a.csv'), path.join(dir, 'a.xlsx'), ['number', 'number']);
      await twin.close();
      twin.publish();
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(path.join(dir, 'a.xlsx'));
      const sheet = book.worksheets[0] as ExcelJS.Worksheet;
      const cells = [2, 3].flatMap((r) => [1, 2].map((c) => sheet.getRow(r).getCell(c)));
      expect(cells.map((cell) => [cell.value, cell.numFmt ?? null, cell.note ?? null])).toEqual([
        ['5000000000000000000000', null, EXPONENT_NOTE],
        [12.3, '0.00', null],
        [1e-18, '0.000000000000000000', null],
        [1, '0.00', null],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

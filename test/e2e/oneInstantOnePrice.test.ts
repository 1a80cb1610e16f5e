import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { startSandbox, type Sandbox } from '../../src/sandbox/startSandbox.js';
import { E2E_RATE, e2eWorld, exportArgs, tempDir } from '../support/e2eWorld.js';
import { BEAN_CHECK, describeWithPrograms, HLEDGER, runProgram } from '../support/outsideProgram.js';
import { runInProcess } from '../support/runLedgerscan.js';

/** The end of 2025-12-31 in Berlin: its last second, 22:59:59Z. */
const INSTANT = Date.parse('2025-12-31T22:59:59Z') / 1000;

type Row = Record<string, string>;

function csv(file: string): Row[] {
  return parse(readFileSync(file, 'utf8'), { columns: true }) as Row[];
}

function unix(iso: string): number {
  return Date.parse(iso) / 1000;
}

/**
 * One EUR book of the sandbox, exported once with its journals and spreadsheets. Issue 48.2: at the end of a day in
 * Europe/Berlin, balances.csv, reconcile.csv's closing and the journal's last `P` give ETH one figure, and none a
 * price recorded after the instant. Issues 48.3 and 47.1: the ECB rate as published in columns of its own, short
 * sources, bounded digits in every file, `hledger bal -X EUR` in money, the spreadsheet's price a number.
 */
describeWithPrograms('a EUR book: one instant, one price; FX as published', [HLEDGER, BEAN_CHECK], () => {
  const world = e2eWorld();
  const root = tempDir('instant');
  const state = path.join(root, 'state.db');
  let sandbox: Sandbox;
  let args: (command: string, out: string, extra?: string[]) => string[];

  beforeAll(async () => {
    sandbox = await startSandbox({ world, rate: E2E_RATE });
    args = (command, out, extra = []) => {
      const all = exportArgs(world, { url: sandbox.url, apiKey: sandbox.apiKey, out, state }, [
        '--currency',
        'EUR',
        '--timezone',
        'Europe/Berlin',
        ...extra,
      ]);
      return [command, ...all.slice(1)];
    };
  });

  afterAll(async () => {
    await sandbox.close();
    rmSync(root, { recursive: true, force: true });
  });

  const exported = path.join(root, 'export');

  it('balances.csv, reconcile.csv and the journal value ETH at the end of 2025-12-31 (Berlin) alike, never with a later price', async () => {
    const reconciled = path.join(root, 'reconcile');
    const balances = path.join(root, 'balances');
    const files = ['--template', 'hledger', '--template', 'beancount', '--xlsx'];
    expect(await runInProcess(args('export', exported, files), { cwd: root })).toMatchObject({ code: 0 });
    const reconcile = await runInProcess(args('reconcile', reconciled), { cwd: root });
    expect([0, 1]).toContain(reconcile.code);
    const atEnd = ['--at', '2025-12-31'];
    expect(await runInProcess(args('balances', balances, atEnd), { cwd: root })).toMatchObject({ code: 0 });

    const ethOf = (rows: Row[], prefix: string): Row[] =>
      rows.filter((row) => row.chain_id === '1' && row.asset_kind === 'native' && row[`${prefix}price`] !== '');
    const held = ethOf(csv(path.join(balances, 'balances.csv')), '');
    const closing = ethOf(csv(path.join(reconciled, 'reconcile.csv')), 'closing_');
    expect(held.length).toBeGreaterThan(0);
    expect(closing.length).toBeGreaterThan(0);
    const prices = new Set([...held.map((row) => row.price), ...closing.map((row) => row.closing_price)]);
    expect(prices.size).toBe(1);
    for (const row of held) expect(unix(row.price_time as string)).toBeLessThanOrEqual(INSTANT);
    for (const row of closing) expect(unix(row.closing_price_time as string)).toBeLessThanOrEqual(INSTANT);

    const journal = readFileSync(path.join(exported, 'ledgerscan.journal'), 'utf8');
    const last = /^P 2025-12-31 "ETH" ([0-9.]+) EUR$/m.exec(journal);
    expect(last?.[1]).toBe([...prices][0]);
  });

  it('ledger.csv states the ECB rate as published beside a short source, every file with bounded digits', async () => {
    const rows = csv(path.join(exported, 'ledger.csv'));
    const valued = rows.filter((row) => row.value !== '');
    expect(valued.length).toBeGreaterThan(100);
    expect(new Set(rows.map((row) => row.price_source))).toEqual(new Set(['defillama', '']));
    for (const row of valued) {
      // USD per EUR as the ECB's XML has it (about 1.1), and its day: no inverted hundred digits.
      expect(row.fx_rate).toMatch(/^1\.\d{1,4}$/);
      expect(row.fx_date).toMatch(/^2025-\d\d-\d\d$/);
      expect(unix(`${row.fx_date}T00:00:00Z`)).toBeLessThanOrEqual(unix(row.price_time as string));
      expect(unix(row.price_time as string)).toBeLessThanOrEqual(unix(row.timestamp as string));
      expect((row.price as string).replace(/^0\.0*|\./g, '').length).toBeLessThanOrEqual(15);
    }
    for (const row of rows)
      for (const column of ['price', 'price_currency', 'price_time', 'price_source', 'fx_rate', 'fx_date', 'value', 'value_state'])
        expect((row[column] as string).length).toBeLessThanOrEqual(30);

    for (const journal of ['ledgerscan.journal', 'ledgerscan.beancount']) {
      const prices = readFileSync(path.join(exported, journal), 'utf8')
        .split('\n')
        .filter((line) => /^P \d|^\d{4}-\d\d-\d\d price /.test(line));
      expect(prices.length).toBeGreaterThan(0);
      for (const line of prices) expect(line).toMatch(/ \d+(\.\d+)? EUR$/);
      for (const line of prices) expect((/ ([\d.]+) EUR$/.exec(line)?.[1] ?? '').replace(/^0\.0*|\./g, '').length).toBeLessThanOrEqual(15);
    }
    runProgram('bean-check', [path.join(exported, 'ledgerscan.beancount')]);
    const report = runProgram('hledger', [
      '-f',
      path.join(exported, 'ledgerscan.journal'),
      'bal',
      '-X',
      'EUR',
      '-e',
      '2026-01-01',
      'assets',
    ]);
    const amounts = [...report.matchAll(/(-?[\d,]+(?:\.\d+)?) EUR/g)].map((match) => match[1] as string);
    expect(amounts.length).toBeGreaterThan(0);
    // Money: two decimals, as the journal's `commodity EUR` declares.
    for (const amount of amounts) expect(amount).toMatch(/^-?[\d,]+\.\d\d$/);

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path.join(exported, 'ledger.xlsx'));
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const first = rows.findIndex((row) => row.value !== '');
    const cell = (name: string) => sheet.getRow(first + 2).getCell(header.indexOf(name) + 1).value;
    expect(typeof cell('price')).toBe('number');
    expect(typeof cell('fx_rate')).toBe('number');
    expect(cell('price')).toBe(Number(rows[first]?.price));
  });
});

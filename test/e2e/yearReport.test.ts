import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { Decimal } from '../../src/ledger/money.js';
import { groupedMoney } from '../../src/yearreport/reportCells.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/startSandbox.js';
import { e2eWorld, exportArgs, tempDir } from '../support/e2eWorld.js';
import { describeWithPrograms, PDFTOTEXT, runProgram } from '../support/outsideProgram.js';
import { csv, type Row } from '../support/pickLegs.js';
import { runInProcess } from '../support/runLedgerscan.js';

const world = e2eWorld();

/** The sum of a CSV column's cells, exact (the cells are rounded to the cent: their sum may differ from the exact total by half a cent a row). */
const columnSum = (rows: readonly Row[], column: string): Decimal =>
  rows.reduce((sum, row) => (row[column] === '' ? sum : sum.plus(row[column] as string)), new Decimal(0));

/**
 * `ledgerscan report` over a throwaway world (sandbox, real SQLite in a temp dir): the PDF read back by the real
 * `pdftotext` holds the totals of gains.csv, income.csv and reconcile.csv and the hash of each file beside it.
 */
describeWithPrograms('the year report', [PDFTOTEXT], () => {
  let sandbox: Sandbox;
  let dir: string;
  let out: string;
  let args: (extra?: readonly string[]) => string[];
  let text: string;
  let manifest: { outputs: { gains: { totals: Record<string, string> }; reportFigures: { fees: { proceeds: string } } } };

  beforeAll(async () => {
    sandbox = await startSandbox({ world, rate: 400 });
    dir = tempDir('report');
    out = path.join(dir, 'out');
    const origin = new URL(sandbox.url).origin;
    args = (extra = []) =>
      exportArgs(world, { url: sandbox.url, apiKey: sandbox.apiKey, out, state: path.join(dir, 'state.db') }, [
        '--price-url',
        `defillama=${origin}/prices/defillama`,
        ...extra,
      ]).map((arg) => (arg === 'export' ? 'report' : arg));
    const outcome = await runInProcess(args(['--cost-basis', 'fifo', '--client', 'Jane Client']), { cwd: dir });
    expect({ code: outcome.code, stderr: outcome.stderr }).toEqual({ code: 0, stderr: '' });
    expect(outcome.stdout).toContain(`year report: ${path.join('out', 'report-2025.pdf')}`);
    text = runProgram('pdftotext', ['-layout', path.join(out, 'report-2025.pdf'), '-']);
    manifest = JSON.parse(fs.readFileSync(path.join(out, 'manifest.json'), 'utf8')) as typeof manifest;
  }, 240_000);

  afterAll(async () => {
    await sandbox?.close();
    if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The line of the PDF's text that starts with `label` after `heading`, its cells split on runs of spaces. */
  const lineAfter = (heading: string, label: string): string[] => {
    const from = text.indexOf(`\n${heading}\n`);
    expect(from).toBeGreaterThan(-1);
    const line = text
      .slice(from)
      .split('\n')
      .find((one) => one.trimStart().startsWith(label));
    if (line === undefined) throw new Error(`no line ${label} under ${heading}`);
    return line.trim().split(/\s{2,}/);
  };
  const money = (cell: string | undefined): string => (cell ?? '').replaceAll(',', '');

  it('names the client, the period, the currency and its sources on an A4 page', () => {
    expect(text).toContain('Year report 2025');
    expect(text).toContain('Jane Client');
    expect(text).toContain('2025-01-01 to 2025-12-31');
    expect(text).toMatch(/Price sources\s+defillama/);
    for (const wallet of world.wallets) expect(text).toContain(wallet.address);
    expect(runProgram('pdfinfo', [path.join(out, 'report-2025.pdf')])).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
  });

  it("gives gains.csv's totals: the manifest's exact sums, and the cells' sums within half a cent a row", () => {
    const gains = csv(path.join(out, 'gains.csv'));
    const [, disposals, proceeds, sellingCosts, costBasis, gain] = lineAfter('Realised gains', 'Total');
    const { totals } = manifest.outputs.gains;
    expect([proceeds, sellingCosts, costBasis, gain].map(money)).toEqual([
      totals.proceeds,
      totals.sellingCosts,
      totals.costBasis,
      totals.gain,
    ]);
    expect(Number(disposals)).toBe(new Set(gains.map((row) => row.entry_id)).size);
    const slack = new Decimal(gains.length).times('0.005');
    for (const [cell, column] of [
      [gain, 'gain'],
      [proceeds, 'proceeds'],
      [costBasis, 'cost_basis'],
    ] as const)
      expect(columnSum(gains, column).minus(money(cell)).abs().lte(slack)).toBe(true);
    const short = lineAfter('Realised gains', 'Short term')[5];
    const long = lineAfter('Realised gains', 'Long term')[5];
    expect([money(short), money(long)]).toEqual([totals.shortTerm, totals.longTerm]);
    expect(groupedMoney(totals.gain ?? '')).toBe(gain);
  });

  it("gives income.csv's total and the fees' value", () => {
    const income = csv(path.join(out, 'income.csv'));
    if (income.length === 0) expect(text).toContain('No income in the period.');
    else expect(money(lineAfter('Income', 'Total')[2])).toBe(manifest.outputs.gains.totals.income);
    expect(
      new Decimal(manifest.outputs.gains.totals.income ?? 'NaN')
        .minus(columnSum(income, 'value'))
        .abs()
        .lte(income.length * 0.005),
    ).toBe(true);
    const feeRows = csv(path.join(out, 'gains.csv')).filter((row) => row.kind === 'fee');
    const paid = money(lineAfter('Fees', 'Fees paid')[1]?.split(' ')[0]);
    expect(paid).toBe(manifest.outputs.reportFigures.fees.proceeds);
    expect(
      columnSum(feeRows, 'proceeds')
        .minus(paid)
        .abs()
        .lte(feeRows.length * 0.005),
    ).toBe(true);
  });

  it("gives the reconciliation's verdict and its closing values' total", () => {
    const reconcile = csv(path.join(out, 'reconcile.csv')).filter((row) => row.spam === '');
    const matching = reconcile.filter((row) => row.status === 'match').length;
    expect(text).toContain(`Reconciled: ${matching} of `);
    const end = lineAfter('Holdings at the start and the end', 'Total').at(-1);
    expect(money(end)).toBe(columnSum(reconcile, 'closing_value').toFixed(2));
  });

  it('lists the sha256 of every file it summarises, as the files hash today', () => {
    for (const name of ['gains.csv', 'income.csv', 'ledger.csv', 'manifest.json', 'reconcile.csv', 'reconcile.json']) {
      const sha = createHash('sha256')
        .update(fs.readFileSync(path.join(out, name)))
        .digest('hex');
      expect(text).toMatch(new RegExp(`${name.replace('.', '\\.')}\\s+\\d+\\s+${sha}`));
    }
  });

  it('refuses a job without cost basis in one line naming it, exit 2, before writing anything', async () => {
    const elsewhere = path.join(dir, 'refused');
    const outcome = await runInProcess(
      args().map((arg) => (arg === out ? elsewhere : arg)),
      { cwd: dir },
    );
    expect(outcome.code).toBe(2);
    expect(outcome.stderr.trim().split('\n')).toHaveLength(1);
    expect(outcome.stderr).toContain('costBasis');
    expect(fs.existsSync(elsewhere)).toBe(false);
  });
});

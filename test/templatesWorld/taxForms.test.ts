import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Decimal } from '../../src/ledger/money.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/startSandbox.js';
import { E2E_CHAINS, E2E_RATE, e2eWorld, tempDir } from '../support/e2eWorld.js';
import { csv, type Row } from '../support/pickLegs.js';
import { runInProcess } from '../support/runLedgerscan.js';

const goldenRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), 'goldenForms');
const update = process.env.UPDATE_GOLDEN === '1';
const world = e2eWorld();

/** The world's price gaps around 5–7 May 2025 (ETH and WETH on both chains) filled, so every disposal has proceeds. */
const GAP_PRICES = [
  'time,chain,asset,currency,price',
  ...['1', '10'].flatMap((chain) =>
    [
      ['2025-05-05', '1810.50'],
      ['2025-05-06', '1795.25'],
      ['2025-05-07', '1820.00'],
    ].flatMap(([day, price]) => [
      `${day}T00:00:00Z,${chain},native,USD,${price}`,
      `${day}T00:00:00Z,${chain},${chain === '1' ? '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2' : '0x4200000000000000000000000000000000000006'},USD,${price}`,
    ]),
  ),
].join('\n');

/** An opening lot of unknown cost older than every lot of chain 10's ETH: fifo sells from it first, at an unknown basis. */
const UNKNOWN_LOT =
  'wallet,chain_id,asset,asset_contract,lot_id,acquired_at,quantity,cost,decimals\n,10,ETH,native,opening-1,2015-01-01T00:00:00Z,1000,,18\n';

/**
 * The tax forms on the sandbox world's 2025 (real sandbox, real SQLite, the CLI in process): Form 8949 with its
 * Schedule D lines and TurboTax's gains under fifo in USD, SA108 under uk in GBP, Anlage SO under the de profile in
 * EUR, each byte for byte as committed (`UPDATE_GOLDEN=1` rewrites them) and against `gains.csv`; a form with an
 * unknown figure refused, naming its rows and writing nothing; `--zero-basis-for-missing` marking its rows.
 */
describe('tax forms on the world', () => {
  let sandbox: Sandbox;
  let dir: string;
  let priceFile: string;
  let run: (name: string, extra: readonly string[]) => Promise<{ code: number; stdout: string; stderr: string; out: string }>;

  beforeAll(async () => {
    sandbox = await startSandbox({ world, rate: E2E_RATE });
    dir = tempDir('forms');
    priceFile = path.join(dir, 'prices.csv');
    fs.writeFileSync(priceFile, `${GAP_PRICES}\n`);
    fs.writeFileSync(path.join(dir, 'lots.csv'), UNKNOWN_LOT);
    const origin = new URL(sandbox.url).origin;
    run = async (name, extra) => {
      const out = path.join(dir, name);
      const args = [
        'export',
        ...world.wallets.flatMap((wallet) => ['--address', wallet.address]),
        ...E2E_CHAINS.flatMap((chain) => ['--chain', String(chain)]),
        ...['--year', '2025', '--out', out, '--state', path.join(dir, 'state.db'), '--base-url', sandbox.url],
        ...['--api-key', sandbox.apiKey, '--rate', String(E2E_RATE), '--quiet'],
        ...['--price-url', `defillama=${origin}/prices/defillama`, '--price-url', `ecb=${origin}/prices/ecb`],
        ...extra,
      ];
      const outcome = await runInProcess(args, { cwd: dir });
      return { code: outcome.code, stdout: outcome.stdout, stderr: outcome.stderr, out };
    };
  }, 60_000);

  afterAll(async () => {
    await sandbox?.close();
    if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
  });

  const priced = (): string[] => ['--price-file', priceFile, '--price-source', 'file', '--price-source', 'defillama'];

  /** The form files of a run equal their golden copies (rewritten with UPDATE_GOLDEN=1). */
  function expectGolden(out: string, golden: string, files: readonly string[]): void {
    const root = path.join(goldenRoot, golden);
    if (update) {
      fs.mkdirSync(root, { recursive: true });
      for (const file of files) fs.copyFileSync(path.join(out, file), path.join(root, file));
    }
    for (const file of files)
      expect(`${file}:\n${fs.readFileSync(path.join(out, file), 'utf8')}`).toBe(
        `${file}:\n${fs.readFileSync(path.join(root, file), 'utf8')}`,
      );
  }

  const cents = (text: string): bigint => BigInt(new Decimal(text).times(100).toFixed(0));
  const sum = (rows: readonly Row[], column: string): bigint => rows.reduce((total, row) => total + cents(row[column] as string), 0n);

  it('writes Form 8949, its Schedule D lines and the TurboTax gains from the same rows as gains.csv (fifo, USD)', async () => {
    const { code, stdout, stderr, out } = await run('us', [
      '--cost-basis',
      'fifo',
      '--template',
      'form8949',
      '--template',
      'turbotax-gains',
      ...priced(),
    ]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expectGolden(out, 'us', ['form8949.csv', 'schedule-d.csv', 'turbotax-gains.csv']);
    const gains = csv(path.join(out, 'gains.csv'));
    const form = csv(path.join(out, 'form8949.csv'));
    const turbotax = csv(path.join(out, 'turbotax-gains.csv'));
    expect(form).toHaveLength(gains.length);
    expect(turbotax).toHaveLength(gains.length);
    expect(stdout).toContain(`form8949: ${gains.length} rows → form8949.csv, 2 rows → schedule-d.csv\n`);
    expect(stdout).toContain(`turbotax-gains: ${gains.length} rows → turbotax-gains.csv\n`);
    // 2025 self-custody sales: boxes I (short, Part I) and L (long, Part II), shorts first.
    expect(form.map((row) => `${row.part as string}${row.box as string}`)).toEqual(
      [...gains].map((row) => (row.term === 'short' ? 'II' : 'IIL')).sort((a, b) => a.length - b.length),
    );
    for (const row of form) {
      expect(cents(row.gain_or_loss as string)).toBe(cents(row.proceeds as string) - cents(row.cost_basis as string));
      expect(row.description).toMatch(/^[0-9.]+ [A-Z0-9-]+$/);
      expect(row.date_sold).toMatch(/^(0[1-9]|1[0-2])\/[0-3][0-9]\/2025$/);
    }
    // Net proceeds and the gain agree with gains.csv's exact figures within half a cent a row.
    const net = gains.reduce((total, row) => total + cents(row.proceeds as string) - cents(row.selling_costs as string), 0n);
    expect(Number(sum(form, 'proceeds') - net) ** 2).toBeLessThanOrEqual(gains.length ** 2);
    expect(Number(sum(form, 'gain_or_loss') - sum(gains, 'gain')) ** 2).toBeLessThanOrEqual(gains.length ** 2);
    // Schedule D's lines are the form's columns added up, per part.
    const lines = csv(path.join(out, 'schedule-d.csv'));
    expect(lines.map((line) => [line.tax_year, line.part, line.line, line.box])).toEqual([
      ['2025', 'I', '3', 'I'],
      ['2025', 'II', '10', 'L'],
    ]);
    for (const line of lines) {
      const part = form.filter((row) => row.part === line.part);
      expect([line.rows, cents(line.proceeds as string), cents(line.cost_basis as string), cents(line.gain_or_loss as string)]).toEqual([
        String(part.length),
        sum(part, 'proceeds'),
        sum(part, 'cost_basis'),
        sum(part, 'gain_or_loss'),
      ]);
    }
    // TurboTax's import holds the form's rows, figures and dates alike.
    expect(turbotax.map((row) => [row['Purchase Date'], row['Date Sold'], row['Cost Basis'], row.Proceeds])).toEqual(
      form.map((row) => [row.date_acquired, row.date_sold, row.cost_basis, row.proceeds]),
    );
  }, 120_000);

  it('writes SA108 per UK tax year the period touches, in GBP (uk), its zeroed bases counted', async () => {
    // Under uk, the LP tokens bought without a price pool at an unknown cost: their sales' basis is written as 0.
    const args = ['--cost-basis', 'uk', '--currency', 'GBP', '--template', 'sa108', '--zero-basis-for-missing', ...priced()];
    const { code, stderr, out } = await run('uk', args);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expectGolden(out, 'uk', ['sa108.csv']);
    const sa108 = csv(path.join(out, 'sa108.csv'));
    expect(sa108.map((row) => [row.tax_year, row.part, row.from, row.to, row.complete])).toEqual([
      ['2024/25', 'year', '2025-01-01', '2025-04-05', 'no'],
      ['2024/25', 'from 2024-10-30', '2025-01-01', '2025-04-05', 'no'],
      ['2025/26', 'year', '2025-04-06', '2025-12-31', 'no'],
    ]);
    const gains = csv(path.join(out, 'gains.csv'));
    const years = sa108.filter((row) => row.part === 'year');
    // Every disposal is in one tax year; gains − losses is the net of gains.csv's rows, rounded once per line.
    expect(sum(years, 'proceeds') - sum(gains, 'proceeds')).toBeLessThanOrEqual(BigInt(gains.length));
    for (const row of sa108) expect(cents(row.net_gain as string)).toBe(cents(row.gains as string) - cents(row.losses as string));
    const zeroed = gains.filter((row) => row.cost_basis === '').length;
    expect(zeroed).toBeGreaterThan(0);
    expect(
      years.reduce(
        (total, row) => total + Number(/^(\d+) rows? with a missing cost basis, reported as 0$/.exec(row.note as string)?.[1] ?? 0),
        0,
      ),
    ).toBe(zeroed);
  }, 120_000);

  it('writes Anlage SO for 2025 with its Freigrenze, in EUR (de)', async () => {
    const args = ['--cost-basis', 'fifo', '--tax-profile', 'de', '--currency', 'EUR', '--template', 'anlage-so', ...priced()];
    const { code, stderr, out } = await run('de', args);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expectGolden(out, 'de', ['anlage-so.csv']);
    const [year] = csv(path.join(out, 'anlage-so.csv'));
    expect([year?.year, year?.complete, year?.s23_freigrenze, year?.s22_3_freigrenze]).toEqual(['2025', 'yes', '1000.00', '256.00']);
    const within = csv(path.join(out, 'gains.csv')).filter((row) => row.term === 'short');
    expect(year?.s23_disposals).toBe(String(new Set(within.map((row) => row.entry_id)).size));
    const gain = cents(year?.s23_gain as string);
    expect(cents(year?.s23_taxable as string)).toBe(gain >= 100_000n || gain < 0n ? gain : 0n);
  }, 120_000);

  it('refuses a form with unknown proceeds: exit 2, one line naming the rows, no file (not even the ledger templates)', async () => {
    const { code, stderr, out } = await run('refused', ['--cost-basis', 'fifo', '--template', 'form8949', '--template', 'ledger']);
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/form8949 refused: 4 rows with unknown proceeds \(entries x[0-9a-f]+, x[0-9a-f]+, x[0-9a-f]+ and 1 more\)/);
    expect(stderr).toContain('unknown proceeds are never written');
    expect(fs.existsSync(out) ? fs.readdirSync(out) : []).toEqual([]);
  }, 120_000);

  it('refuses an unknown basis, unless --zero-basis-for-missing writes 0 and marks the row', async () => {
    const common = ['--cost-basis', 'fifo', '--opening-lots', path.join(dir, 'lots.csv'), '--template', 'form8949', ...priced()];
    const refused = await run('basis-refused', common);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/form8949 refused: \d+ rows? with an unknown cost basis \(entries x[0-9a-f]+/);
    expect(refused.stderr).toContain('--zero-basis-for-missing');
    const zero = await run('basis-zero', [...common, '--zero-basis-for-missing']);
    expect({ code: zero.code, stderr: zero.stderr }).toEqual({ code: 0, stderr: '' });
    const gains = csv(path.join(zero.out, 'gains.csv'));
    const unknown = gains.filter((row) => row.cost_basis === '');
    expect(unknown.length).toBeGreaterThan(0);
    const marked = csv(path.join(zero.out, 'form8949.csv')).filter((row) =>
      row.description?.endsWith('(missing cost basis, reported as 0)'),
    );
    expect(marked).toHaveLength(unknown.length);
    for (const row of marked) expect([row.cost_basis, row.gain_or_loss]).toEqual(['0.00', row.proceeds]);
  }, 180_000);

  it.each([
    [['--template', 'form8949'], 'template form8949 needs cost basis, which is off', '--cost-basis'],
    [['--template', 'sa108', '--cost-basis', 'fifo', '--currency', 'GBP'], 'template sa108 needs method uk throughout', '--cost-basis uk'],
    [
      ['--template', 'anlage-so', '--cost-basis', 'fifo', '--currency', 'EUR'],
      'template anlage-so needs the de profile',
      '--tax-profile de',
    ],
    [['--template', 'form8949', '--cost-basis', 'fifo', '--currency', 'EUR'], 'template form8949 needs values in USD', '--currency USD'],
  ])('refuses %j before any request, naming the fix', async (extra, message, fix) => {
    const { code, stderr, out } = await run('needs', extra);
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain(message);
    expect(stderr).toContain(fix);
    expect(fs.existsSync(out)).toBe(false);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Value } from 'typebox/value';
import { Decimal } from '../../src/ledger/money.js';
import type { Manifest } from '../../src/output/writeManifest.js';
import { gainsOutput } from '../../src/outputs/gainsOutput.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/startSandbox.js';
import { e2eWorld, exportArgs, tempDir } from '../support/e2eWorld.js';
import { csv, type Row } from '../support/pickLegs.js';
import { runInProcess } from '../support/runLedgerscan.js';

const world = e2eWorld();
let sandbox: Sandbox;
let dir: string;
let out: string;
let args: (command: string, extra?: readonly string[]) => string[];

const readCsv = (file: string): Row[] => csv(path.join(out, file));

const cents = (text: string): number => Math.round(Number(text) * 100);
const money = /^-?[0-9]+\.[0-9]{2}$/;

/**
 * A cost-basis export of a throwaway world (sandbox, real SQLite in a temp dir) through the CLI: `gains.csv` and its
 * totals against what `ledger.csv` says of the same entries, unknown money empty and never 0, every pool tied, and
 * `gains --explain` recomputing the same rows offline.
 */
describe('an export with cost basis', () => {
  let manifest: Manifest & { outputs: Record<string, unknown>; costBasis?: Record<string, unknown> };
  let gains: Row[];
  let ledger: Map<string, Row>;
  let summary: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ world, rate: 400 });
    dir = tempDir('gains');
    out = path.join(dir, 'out');
    const origin = new URL(sandbox.url).origin;
    args = (command, extra = []) =>
      exportArgs(world, { url: sandbox.url, apiKey: sandbox.apiKey, out, state: path.join(dir, 'state.db') }, [
        '--price-url',
        `defillama=${origin}/prices/defillama`,
        '--cost-basis',
        'fifo',
        ...extra,
      ]).map((arg) => (arg === 'export' ? command : arg));
    const outcome = await runInProcess(args('export'), { cwd: dir });
    expect({ code: outcome.code, stderr: outcome.stderr }).toEqual({ code: 0, stderr: '' });
    summary = outcome.stdout;
    manifest = JSON.parse(fs.readFileSync(path.join(out, 'manifest.json'), 'utf8')) as typeof manifest;
    gains = readCsv('gains.csv');
    ledger = new Map(readCsv('ledger.csv').map((row) => [row.entry_id as string, row]));
  }, 180_000);

  afterAll(async () => {
    await sandbox?.close();
    if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes the files with their headers, lists them in the manifest and records its result there', () => {
    const listed = manifest.files.map((file) => file.path);
    const files = ['gains.csv', 'income.csv', 'removals.csv', 'lots-open.csv', 'costbasis-summary.csv', 'costbasis-issues.csv'];
    for (const file of [...files, 'tieout.csv']) expect(listed).toContain(file);
    expect(listed).not.toContain('costbasis-tieout.csv');
    expect(fs.readFileSync(path.join(out, 'gains.csv'), 'utf8').split('\n')[0]).toBe(
      'entry_id,lot_id,tx_hash,chain_id,wallet,asset,asset_contract,quantity,acquired_at,sold_at,proceeds,selling_costs,cost_basis,gain,term,kind,method,currency,flags',
    );
    expect(Value.Check(gainsOutput.result, manifest.outputs.gains)).toBe(true);
    const { rows, totals } = manifest.outputs.gains as { rows: { gains: number }; totals: { gain: string } };
    expect(summary).toContain(`cost basis (fifo, universal): ${rows.gains} gains rows, `);
    expect(summary).toContain(`gain ${totals.gain} USD`);
    expect(manifest.costBasis).toMatchObject({ method: 'fifo', scope: 'universal', profile: 'generic', currency: 'USD' });
    expect(gains.length).toBeGreaterThan(20);
    expect(new Set(gains.map((row) => row.kind))).toEqual(expect.objectContaining({ size: expect.any(Number) }));
    expect(gains.map((row) => row.kind)).toContain('fee');
  });

  it("takes each disposal's proceeds from the ledger's value of its leg, and each row's gain is proceeds − costs − basis", () => {
    const byEntry = new Map<string, Row[]>();
    for (const row of gains) byEntry.set(row.entry_id as string, [...(byEntry.get(row.entry_id as string) ?? []), row]);
    let fees = 0;
    for (const [entryId, rows] of byEntry) {
      const leg = ledger.get(entryId);
      expect(leg).toBeDefined();
      if (rows[0]?.kind === 'fee' && leg?.value !== '') {
        // A fee's proceeds are its value: amount × price, exact, split over its pieces and rounded per piece.
        const exact = new Decimal(leg?.amount as string).times(leg?.price as string);
        const written = rows.reduce((sum, row) => sum + cents(row.proceeds as string), 0);
        expect(Math.abs(written - cents(exact.toFixed(2)))).toBeLessThanOrEqual(rows.length);
        fees += 1;
      }
      const sold = rows.reduce((sum, row) => sum + BigInt(Math.round(Number(row.quantity) * 1e6)), 0n);
      expect(Number(sold)).toBeLessThanOrEqual(Math.round(Number(leg?.amount) * 1e6) + rows.length);
      for (const row of rows) {
        if (row.gain === '') continue;
        const difference = cents(row.proceeds as string) - cents(row.selling_costs as string) - cents(row.cost_basis as string);
        expect(Math.abs(difference - cents(row.gain as string))).toBeLessThanOrEqual(2);
      }
    }
    expect(fees).toBeGreaterThan(5);
  });

  it('names the lot each piece came from: an entry acquired before the sale', () => {
    for (const row of gains.filter((one) => one.lot_id !== '')) {
      expect((row.acquired_at as string) <= (row.sold_at as string)).toBe(true);
      const acquired = ledger.get(row.lot_id as string);
      // Lots acquired before the period are the history's: not in this period's ledger.csv.
      if (acquired !== undefined) expect(acquired.direction).toBe('in');
      else expect((row.acquired_at as string) < '2025-01-01').toBe(true);
    }
  });

  it('writes unknown money empty, never 0, and says why; the totals are the known rows summed exact', () => {
    const result = manifest.outputs.gains as { totals: Record<string, string>; unknownRows: { gains: number }; rows: { gains: number } };
    let unknown = 0;
    for (const row of gains) {
      for (const cell of [row.proceeds, row.selling_costs, row.cost_basis, row.gain])
        expect(cell === '' || money.test(cell as string)).toBe(true);
      if ([row.proceeds, row.selling_costs, row.cost_basis, row.gain].includes('')) {
        unknown += 1;
        expect(row.flags).not.toBe('');
      }
    }
    // The world's prices have gaps (`not found`): some disposals have no proceeds.
    expect(unknown).toBeGreaterThan(0);
    expect(result.unknownRows.gains).toBe(unknown);
    expect(result.rows.gains).toBe(gains.length);
    // Each written row is rounded apart; the total is rounded once: within half a cent per row.
    for (const [column, total] of [
      ['proceeds', 'proceeds'],
      ['selling_costs', 'sellingCosts'],
      ['cost_basis', 'costBasis'],
      ['gain', 'gain'],
    ] as const) {
      const written = gains.reduce((sum, row) => sum + (row[column] === '' ? 0 : cents(row[column] as string)), 0);
      expect(Math.abs(written - cents(result.totals[total] as string))).toBeLessThanOrEqual(gains.length / 2 + 1);
    }
    const summary = readCsv('costbasis-summary.csv');
    expect(summary.reduce((sum, line) => sum + Number(line.disposals), 0)).toBe(new Set(gains.map((row) => row.entry_id)).size);
    expect(summary.every((line) => line.tax_year === '2025')).toBe(true);
  });

  it('ties every pool: cost in = cost out, to the exact amount', () => {
    // A pool that did not tie with every cost known fails the export; the file shows each side, rounded per line.
    const pools = new Map<string, { in: number; out: number; gap: boolean }>();
    // The basis section of tieout.csv, after the templates' lines.
    for (const line of readCsv('tieout.csv').filter((row) => row.template === 'costbasis')) {
      const key = `${line.chain_id as string}|${line.wallet as string}|${line.asset_contract as string}`;
      const pool = pools.get(key) ?? { in: 0, out: 0, gap: false };
      if ((line.reason as string).startsWith('cost ')) {
        pool.in += line.in === '' ? 0 : cents(line.in as string);
        pool.out += line.out === '' ? 0 : cents(line.out as string);
      }
      if ((line.reason as string).startsWith('known cost gone into unknown cost')) pool.gap = true;
      pools.set(key, pool);
    }
    expect(pools.size).toBe((manifest.outputs.gains as { pools: number }).pools);
    expect(pools.size).toBeGreaterThan(3);
    for (const [key, pool] of pools) if (!pool.gap) expect([key, Math.abs(pool.in - pool.out) <= 3]).toEqual([key, true]);
    const open = readCsv('lots-open.csv');
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((lot) => lot.wallet === '')).toBe(true);
  });

  it('writes the same cost-basis files from a warm cache (the history priced as the replay reads it) and when only the history was not cached', async () => {
    const files = [
      'gains.csv',
      'income.csv',
      'removals.csv',
      'lots-open.csv',
      'costbasis-summary.csv',
      'costbasis-issues.csv',
      'tieout.csv',
    ];
    const texts = (folder: string): string[] => files.map((file) => fs.readFileSync(path.join(folder, file), 'utf8'));
    const run = async (argv: string[]): Promise<void> => {
      const outcome = await runInProcess(argv, { cwd: dir });
      expect({ code: outcome.code, stderr: outcome.stderr }).toEqual({ code: 0, stderr: '' });
    };
    // Again on the same store: the period's prices and the history's are all cached.
    const again = path.join(dir, 'again');
    await run(args('export').map((arg) => (arg === out ? again : arg)));
    expect(texts(again)).toEqual(texts(out));
    // A store whose period was exported valued without cost basis: the period's prices cached, the history's not, so
    // the replay's first read of the history misses, and it reads it again once they are prepared.
    const target = { url: sandbox.url, apiKey: sandbox.apiKey, out: path.join(dir, 'plain'), state: path.join(dir, 'history-cold.db') };
    const origin = new URL(sandbox.url).origin;
    await run(exportArgs(world, target, ['--price-url', `defillama=${origin}/prices/defillama`]));
    const historyCold = path.join(dir, 'history-cold');
    await run(
      exportArgs(world, { ...target, out: historyCold }, ['--price-url', `defillama=${origin}/prices/defillama`, '--cost-basis', 'fifo']),
    );
    expect(texts(historyCold)).toEqual(texts(out));
  }, 120_000);

  it('explains a gain offline: the disposal, each lot with its acquiring entry and the arithmetic', async () => {
    // A trade with a fee: its selling costs are the fee's value, split over the transaction's disposals.
    const trade = gains.find(
      (row) => row.kind === 'trade' && row.lot_id !== '' && row.gain !== '' && cents(row.selling_costs as string) > 0,
    );
    expect(trade).toBeDefined();
    const rows = gains.filter((row) => row.entry_id === trade?.entry_id);
    // Recomputed from the store and the price cache (no request), it gives the figures the export wrote.
    const explained = await runInProcess([...args('gains'), '--explain', trade?.entry_id as string], { cwd: dir });
    expect(explained.stderr).toBe('');
    expect(explained.code).toBe(0);
    const text = explained.stdout;
    expect(text).toContain(`disposal ${trade?.entry_id as string} (${trade?.kind as string}, fifo)`);
    expect(text).toContain(`tx ${trade?.tx_hash as string}`);
    const costs = rows.reduce((sum, row) => sum + cents(row.selling_costs as string), 0);
    // Each piece rounds apart; the disposal's costs are summed exact, then rounded.
    const [, written] = /selling costs ([0-9.]+) USD/.exec(text) ?? [];
    expect(Math.abs(cents(written as string) - costs)).toBeLessThanOrEqual(rows.length);
    for (const row of rows) {
      expect(text).toContain(`lot ${row.lot_id as string}: ${row.quantity as string} of `);
      expect(text).toContain(`= ${row.cost_basis as string} USD`);
      expect(text).toContain(`= ${row.gain as string} USD`);
    }
    const income = ledger.get(gains[0]?.lot_id ?? '') ?? [...ledger.values()].find((row) => row.direction === 'in');
    const refused = await runInProcess([...args('gains'), '--explain', income?.entry_id as string], { cwd: dir });
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toContain('is not a disposal in 2025-01-01..2025-12-31');
  }, 60_000);
});

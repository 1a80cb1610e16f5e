import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { runCli } from '../../src/cli/main.js';
import { Decimal } from '../../src/ledger/money.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/startSandbox.js';
import { e2eWorld, exportArgs, tempDir } from '../support/e2eWorld.js';
import { captureIo } from '../support/captureIo.js';

type Row = Record<string, string>;
const world = e2eWorld();
let sandbox: Sandbox;
let dir: string;
let state: string;

async function run(
  command: 'close' | 'diff',
  name: string,
  extra: readonly string[],
): Promise<{ code: number; stdout: string; out: string }> {
  const out = path.join(dir, name);
  const origin = new URL(sandbox.url).origin;
  const args = exportArgs(world, { url: sandbox.url, apiKey: sandbox.apiKey, out, state }, [
    '--price-url',
    `defillama=${origin}/prices/defillama`,
    ...extra,
  ]);
  args[0] = command;
  const io = captureIo(dir);
  const code = await runCli(args, io);
  if (code > 1) throw new Error(`${command} ended with ${code}: ${io.stderrText()}`);
  return { code, stdout: io.stdoutText(), out };
}

const csv = (file: string): Row[] => parse(fs.readFileSync(file, 'utf8'), { columns: true }) as Row[];
const knownSum = (rows: readonly Row[]): Decimal => rows.reduce((sum, row) => (row.gain ? sum.plus(row.gain) : sum), new Decimal(0));

beforeAll(async () => {
  dir = tempDir('diff-gains');
  state = path.join(dir, 'books', 'state.db');
  sandbox = await startSandbox({ world, rate: 1000 });
}, 60_000);

afterAll(async () => {
  await sandbox.close();
  fs.chmodSync(path.join(dir, 'books', 'filed', '2025'), 0o755);
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A period closed with cost basis files its gains; the since-filed diff then lists, disposal by disposal, the gains a
 * recalculation changes with why, and the realised gain's total change: what the accountant amends.
 */
describe('diff --since-filed of the gains', () => {
  it('files gains.csv with the period and finds nothing to amend when nothing changed', async () => {
    expect((await run('close', 'unused', ['--cost-basis', 'fifo'])).code).toBe(0);
    const filed = JSON.parse(fs.readFileSync(path.join(dir, 'books', 'filed', '2025', 'filed.json'), 'utf8')) as {
      files: { path: string }[];
    };
    // The year report and the reconcile it states are filed too, as they stood at the close.
    expect(filed.files.map((file) => file.path)).toEqual(
      expect.arrayContaining(['gains.csv', 'income.csv', 'lots-open.csv', 'costbasis-issues.csv', 'report-2025.pdf', 'reconcile.csv']),
    );
    const same = await run('diff', 'same', ['--cost-basis', 'fifo', '--since-filed', '2025', '--no-verify']);
    expect(same.code).toBe(0);
    expect(csv(path.join(same.out, 'diff.csv')).filter((row) => row.file === 'gains.csv')).toEqual([]);
  }, 180_000);

  it('lists each disposal whose gain a method change moved, naming the change, and the total to amend', async () => {
    const changed = await run('diff', 'hifo', ['--cost-basis', 'hifo', '--since-filed', '2025', '--no-verify']);
    expect(changed.code).toBe(1);
    const rows = csv(path.join(changed.out, 'diff.csv')).filter((row) => row.file === 'gains.csv');
    const disposals = rows.filter((row) => row.change !== 'total');
    expect(disposals.length).toBeGreaterThan(0);
    for (const row of disposals) {
      expect(row.reason).toContain('cost-basis settings changed: costBasis.method: "fifo" → "hifo"');
      expect(row.filed).not.toBe(row.now);
    }
    const total = rows.find((row) => row.change === 'total');
    const filed = knownSum(csv(path.join(dir, 'books', 'filed', '2025', 'gains.csv')));
    const now = knownSum(csv(path.join(changed.out, 'gains.csv')));
    expect(total).toMatchObject({ key: 'realised gain', filed: filed.toFixed(2), now: now.toFixed(2) });
    expect(total?.reason).toContain(`amend the realised gain by ${now.minus(filed).toFixed(2)}`);
    // The total's change is the changed disposals' (a disposal with an unknown gain aside).
    const moved = disposals
      .filter((row) => row.filed !== '' && row.now !== '')
      .reduce((sum, row) => sum.plus(row.now as string).minus(row.filed as string), new Decimal(0));
    expect(moved.toFixed(2)).toBe(now.minus(filed).toFixed(2));
    expect(changed.stdout).toMatch(/realised gain: filed -?[0-9.]+, now -?[0-9.]+ \([+-][0-9.]+\): \d+ disposals to amend/);
    const json = JSON.parse(fs.readFileSync(path.join(changed.out, 'diff.json'), 'utf8')) as { gains: { changes: unknown[] } };
    expect(json.gains.changes).toHaveLength(disposals.length);
  }, 180_000);
});

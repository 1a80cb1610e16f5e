import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../src/cli/main.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/startSandbox.js';
import { parse } from 'csv-parse/sync';
import { builtinTemplateDir } from '../../src/templates/templateCatalog.js';
import { captureIo } from '../support/captureIo.js';
import { sandboxJobArgs } from '../support/sandboxJobArgs.js';
import { streamedTemplateNames } from '../support/streamedTemplates.js';

const goldenRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), 'golden');
const update = process.env.UPDATE_GOLDEN === '1';
const CHAINS = [1, 10, 42161] as const;
/** The smallest bulk that still leaves a few ordinary rows around the specials, which exist at every scale. */
const SCALE = 0.02;

/** Paths relative to `root`, '/'-separated and sorted, so nested per-wallet folders compare too. */
function listFiles(root: string, dir = root): string[] {
  return readdirSync(dir)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) => {
      const absolute = path.join(dir, name);
      return statSync(absolute).isDirectory() ? listFiles(root, absolute) : [path.relative(root, absolute).split(path.sep).join('/')];
    })
    .sort();
}

describe('golden files: one sandbox world exported through every built-in template', () => {
  let tmp: string;
  let sandbox: Sandbox;
  let out: string;
  let files: string[];
  let world: ReturnType<typeof generateWorld>;

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-world-golden-'));
    world = generateWorld({ seed: 1, scale: SCALE, chains: CHAINS });
    sandbox = await startSandbox({ world, rate: 2000 });
    out = path.join(tmp, 'out');
    const io = captureIo(tmp);
    // Today's files byte for byte: valued output has goldens of its own (test/templates/goldenValued).
    const code = await runCli(
      [
        'export',
        '--year',
        '2025',
        '--no-values',
        ...streamedTemplateNames().flatMap((name) => ['--template', name]),
        ...sandboxJobArgs(sandbox, world, CHAINS, out, path.join(tmp, 'state.sqlite')),
      ],
      io,
    );
    expect({ code, stderr: io.stderrText() }).toEqual({ code: 0, stderr: '' });
    files = listFiles(out).filter((file) => file !== 'manifest.json');
    if (update) {
      rmSync(goldenRoot, { recursive: true, force: true });
      mkdirSync(goldenRoot, { recursive: true });
      for (const file of files) {
        mkdirSync(path.dirname(path.join(goldenRoot, file)), { recursive: true });
        cpSync(path.join(out, file), path.join(goldenRoot, file));
      }
    }
  }, 60_000);

  afterAll(async () => {
    await sandbox.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('writes exactly the committed file list', () => {
    expect(files).toEqual(listFiles(goldenRoot));
  });

  it('renders rows in every built-in template', () => {
    const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8')) as { counts: Record<string, number> };
    const empty = streamedTemplateNames().filter((name) => !((manifest.counts[`rows.${name}`] ?? 0) > 0));
    expect(empty).toEqual([]);
  });

  it('every file equals its golden copy byte for byte', () => {
    for (const file of listFiles(goldenRoot)) {
      const written = path.join(out, file);
      const actual = files.includes(file) ? readFileSync(written, 'latin1') : '(not written)';
      expect(`${file}:\n${actual}`).toBe(`${file}:\n${readFileSync(path.join(goldenRoot, file), 'latin1')}`);
    }
  });

  it('the manifest lists every file with its sha256', () => {
    const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8')) as {
      files: { path: string; bytes: number; sha256: string }[];
    };
    const expected = files.map((file) => {
      const bytes = readFileSync(path.join(out, file));
      return { path: file, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    });
    expect(manifest.files).toEqual(expected);
  });
  it('ties out every built-in template: per holding, ledger = template + what it explains, to the base unit', () => {
    const rows = parse(readFileSync(path.join(out, 'tieout.csv')), { columns: true }) as Record<string, string>[];
    const sums = new Map<string, bigint[]>();
    for (const row of rows.filter((r) => r.line !== 'rounding' && r.line !== 'stated')) {
      const key = `${row.template} ${row.chain_id} ${row.wallet} ${row.asset_contract}`;
      const sign = row.line === 'ledger' ? 1n : -1n;
      const sum = sums.get(key) ?? [0n, 0n, 0n];
      sums.set(
        key,
        [0, 1, 2].map((i) => (sum[i] as bigint) + sign * BigInt(row[['in', 'out', 'fees'][i] as string] as string)),
      );
    }
    expect([...new Set(rows.map((row) => row.template))].sort()).toEqual(streamedTemplateNames());
    expect(sums.size).toBeGreaterThan(streamedTemplateNames().length * 10);
    expect([...sums].filter(([, sum]) => sum.some((side) => side !== 0n))).toEqual([]);
    // Every template has ledger amounts, and the reasons the sandbox world provokes appear.
    const reasons = new Set(rows.map((row) => row.reason));
    for (const reason of [
      'spam omitted',
      'netted against the other side in its transaction',
      'fee carried inside the sent amount',
      'opening balance row',
      'closing balance row',
    ]) {
      expect(reasons).toContain(reason);
    }
  });

  // The template format refuses columns that lose a side of a CSV row, but a posting-layout file may keep only
  // `posting.debit`: every credit (money out, fees) would vanish without the tie-out.
  it('fails an export whose template file writes only debits, naming template and asset, and writes nothing', async () => {
    const template = JSON.parse(readFileSync(path.join(builtinTemplateDir(), 'journal.json'), 'utf8')) as {
      name: string;
      columns: { field: string }[];
    };
    const broken = {
      ...template,
      name: 'debits-only',
      columns: template.columns.filter((column) => !['posting.amount', 'posting.credit'].includes(column.field)),
    };
    const file = path.join(tmp, 'debits-only.json');
    writeFileSync(file, JSON.stringify(broken));
    const failedOut = path.join(tmp, 'broken-out');
    const io = captureIo(tmp);
    const code = await runCli(
      [
        'export',
        '--year',
        '2025',
        '--template',
        'ledger',
        '--template-file',
        file,
        ...sandboxJobArgs(sandbox, world, CHAINS, failedOut, path.join(tmp, 'state.sqlite')),
      ],
      io,
    );
    expect(code).toBe(2);
    expect(io.stderrText()).toMatch(
      /^ledgerscan: template debits-only loses value of ETH: .*template: debits-only; asset: ETH; chain: ethereum; wallet: 0x[0-9a-f]{40}; unexplained: (out \d+, )?fees \d+ base units.*debits-only\.json.*fix: give every amount a column/,
    );
    expect(io.stderrText().trim().split('\n')).toHaveLength(1);
    expect(existsSync(failedOut) ? readdirSync(failedOut) : []).toEqual([]);
  }, 60_000);
});

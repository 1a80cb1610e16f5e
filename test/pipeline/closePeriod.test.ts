import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { runCli } from '../../src/cli/main.js';
import type { FiledRecord } from '../../src/filing/FiledRecord.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import { e2eWorld, exportArgs, tempDir } from '../support/e2eWorld.js';
import { outputDigest } from '../support/outputDigest.js';
import { captureIo } from '../support/captureIo.js';

let world: World;
let sandbox: Sandbox;
let dir: string;
let state: string;
let filed: string;

/** The e2e export job for `year`, as `close` (no --out: the snapshot goes to the filed folder beside the state). */
async function close(year: string, extra: readonly string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  const args = exportArgs(world, { url: sandbox.url, apiKey: sandbox.apiKey, out: path.join(dir, 'unused'), state }, extra);
  args[0] = 'close';
  args[args.indexOf('--year') + 1] = year;
  const io = captureIo(dir);
  const code = await runCli(args, io);
  return { code, stdout: io.stdoutText(), stderr: io.stderrText() };
}

function sha256(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

beforeAll(async () => {
  world = e2eWorld();
  sandbox = await startSandbox({ world, rate: 1000 });
  dir = tempDir('close');
  state = path.join(dir, 'books', 'state.db');
  filed = path.join(dir, 'books', 'filed');
});

afterAll(async () => {
  await sandbox.close();
  // Filed folders are read-only; give the owner write back so the temp dir can go.
  fs.chmodSync(path.join(filed, '2025'), 0o755);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('ledgerscan close', () => {
  let first: { code: number; stdout: string; stderr: string };
  let record: FiledRecord;

  beforeAll(async () => {
    first = await close('2025');
    if (first.code !== 0) throw new Error(first.stderr);
    record = JSON.parse(fs.readFileSync(path.join(filed, '2025', 'filed.json'), 'utf8')) as FiledRecord;
  });

  it('files every export file, the manifest and the closing balances, each listed with its sha256, read-only', () => {
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/closed 2025: \d+ files filed read-only in .*filed\/2025/);
    // Every path the summary names is where the file now is, never the staging folder.
    expect(first.stdout).not.toContain('.partial');
    expect(first.stdout).toMatch(/ledger: \d+ rows → .*filed\/2025\/ledger\.csv/);
    const onDisk = fs
      .readdirSync(path.join(filed, '2025'))
      .filter((name) => name !== 'filed.json')
      .sort();
    expect(record.files.map((file) => file.path)).toEqual(onDisk);
    expect(onDisk).toEqual(expect.arrayContaining(['ledger.csv', 'manifest.json', 'closing-balances.csv']));
    for (const file of record.files) {
      const absolute = path.join(filed, '2025', file.path);
      expect({ path: file.path, sha256: sha256(absolute), bytes: fs.statSync(absolute).size }).toEqual({
        path: file.path,
        sha256: file.sha256,
        bytes: file.bytes,
      });
      expect(fs.statSync(absolute).mode & 0o777).toBe(0o444);
    }
    expect(record).toMatchObject({
      label: '2025',
      period: { from: '2025-01-01', to: '2025-12-31', timezone: 'UTC' },
      tool: { name: 'ledgerscan' },
      templates: ['ledger', 'koinly-wallets'],
    });
    expect(fs.existsSync(path.join(filed, '.2025.partial'))).toBe(false);
  });

  it("states the closing balances at the period's last second equal to the world at that block", () => {
    const rows = parse(fs.readFileSync(path.join(filed, '2025', 'closing-balances.csv'), 'utf8'), { columns: true }) as Record<
      string,
      string
    >[];
    const fungible = rows.filter((row) => row.spam === '' && (row.asset_kind === 'native' || row.asset_kind === 'erc20'));
    expect(fungible.length).toBeGreaterThan(2);
    const end = Date.UTC(2026, 0, 1) / 1000 - 1;
    for (const row of fungible) {
      const block = world.blockByTime(Number(row.chain_id), end, 'before') as number;
      const asset = row.asset_kind === 'native' ? 'native' : (row.asset_contract as string);
      expect(`${row.chain_id} ${row.wallet} ${row.asset} ${row.balance_raw}`).toBe(
        `${row.chain_id} ${row.wallet} ${row.asset} ${world.expectedBalance(Number(row.chain_id), row.wallet as string, asset, block)}`,
      );
    }
    expect(rows[0]).toMatchObject({ at_utc: '2025-12-31T23:59:59Z', status: 'unchecked' });
  });

  it('files exactly what an export of the same job writes', async () => {
    const out = path.join(dir, 'export-2025');
    const io = captureIo(dir);
    expect(await runCli(exportArgs(world, { url: sandbox.url, apiKey: sandbox.apiKey, out, state }), io)).toBe(0);
    const exported = outputDigest(out);
    const snapshot = outputDigest(path.join(filed, '2025'));
    // The manifest names its own out dir; what it says of the files and blocks must agree.
    for (const [name, digest] of Object.entries(exported))
      if (name !== 'manifest.json') expect(`${name} ${snapshot[name]}`).toBe(`${name} ${digest}`);
    const manifest = (folder: string): unknown => {
      const { files, blockRanges, counts, period } = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as Record<
        string,
        unknown
      >;
      return { files, blockRanges, counts, period };
    };
    expect(manifest(path.join(filed, '2025'))).toEqual(manifest(out));
  });

  it('never overwrites a closed period: exit 2, the way to see changes named, the snapshot untouched', async () => {
    const before = outputDigest(path.join(filed, '2025'));
    const again = await close('2025');
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('period 2025 is already closed');
    expect(again.stderr).toContain('ledgerscan diff --since-filed 2025');
    expect(outputDigest(path.join(filed, '2025'))).toEqual(before);
  });

  it('refuses a period that has not ended yet', async () => {
    const future = await close(String(new Date().getUTCFullYear()));
    expect(future.code).toBe(2);
    expect(future.stderr).toMatch(/period \d{4} has not ended yet/);
  });

  it('clears what a close that died half-way left, and files the period whole', async () => {
    fs.mkdirSync(path.join(filed, '.2024.partial'), { recursive: true });
    fs.writeFileSync(path.join(filed, '.2024.partial', 'ledger.csv'), 'half a file');
    const run = await close('2024');
    expect(run.code).toBe(0);
    expect(fs.existsSync(path.join(filed, '.2024.partial'))).toBe(false);
    expect(fs.readFileSync(path.join(filed, '2024', 'ledger.csv'), 'utf8')).not.toContain('half a file');
    fs.chmodSync(path.join(filed, '2024'), 0o755);
  });
});

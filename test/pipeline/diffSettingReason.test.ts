import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { runCli } from '../../src/cli/main.js';
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
  extra: readonly string[] = [],
): Promise<{ code: number; stdout: string; out: string }> {
  const out = path.join(dir, name);
  const args = exportArgs(world, { url: sandbox.url, apiKey: sandbox.apiKey, out, state }, extra);
  args[0] = command;
  const io = captureIo(dir);
  const code = await runCli(args, io);
  if (code > 1) throw new Error(`${command} ended with ${code}: ${io.stderrText()}`);
  return { code, stdout: io.stdoutText(), out };
}

function csv(file: string): Row[] {
  return parse(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), { columns: true }) as Row[];
}

beforeAll(async () => {
  dir = tempDir('diff-setting');
  state = path.join(dir, 'books', 'state.db');
  sandbox = await startSandbox({ world, rate: 1000 });
});

afterAll(async () => {
  await sandbox.close();
  fs.chmodSync(path.join(dir, 'books', 'filed', '2025'), 0o755);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('diff --since-filed after a spam deny-list entry', () => {
  it('shows changed rows, not removed and added ones, each naming the setting with its old and new value', async () => {
    expect((await run('close', 'unused')).code).toBe(0);
    const filed = csv(path.join(dir, 'books', 'filed', '2025', 'ledger.csv'));
    // A token whose transactions move nothing else (a fee aside), received in 2025: an accountant's "this airdrop is spam after all".
    const txAssets = new Map<string, Set<string>>();
    for (const row of filed)
      if (row.kind !== 'fee') txAssets.set(row.tx_hash!, (txAssets.get(row.tx_hash!) ?? new Set()).add(row.asset_contract!));
    const counts = new Map<string, number>();
    for (const row of filed) {
      if (row.spam === '' && row.asset_contract !== '' && txAssets.get(row.tx_hash!)?.size === 1)
        counts.set(row.asset_contract!, (counts.get(row.asset_contract!) ?? 0) + 1);
    }
    const simple = [...counts].filter(([contract]) =>
      filed.every((row) => row.asset_contract !== contract || txAssets.get(row.tx_hash!)?.size === 1),
    );
    const [contract, entries] = simple.sort((a, b) => b[1] - a[1])[0]!;
    const job = path.join(dir, 'job.json');
    fs.writeFileSync(job, JSON.stringify({ spam: { deny: [contract] } }));

    const changed = await run('diff', 'diff-spam', ['--since-filed', '2025', '--config', job]);
    expect(changed.code).toBe(1);
    const rows = csv(path.join(changed.out, 'diff.csv'));
    const byFile = (prefix: string): Row[] => rows.filter((row) => row.file!.startsWith(prefix));
    expect(byFile('ledger.csv').length).toBe(entries);
    const koinly = byFile('koinly');
    expect(koinly.length).toBeGreaterThan(0);
    for (const row of [...byFile('ledger.csv'), ...koinly]) {
      expect(row.change).toBe('changed');
      expect(row.reason).toContain(`spam.deny: [] → ["${contract}"]`);
      expect(row.reason).not.toContain('the API lists it now');
    }
    expect(changed.stdout).toContain(`spam.deny: [] → ["${contract}"]`);
  });
});

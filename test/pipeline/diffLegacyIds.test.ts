import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { runCli } from '../../src/cli/main.js';
import { diffFile } from '../../src/filing/diffFile.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import { e2eWorld, exportArgs, tempDir } from '../support/e2eWorld.js';
import { captureIo } from '../support/captureIo.js';

/** Today's ids back in the form filed before they began with a letter: the documented mapping, inverted. */
const TODAY_ID = /(?<![0-9A-Za-z])x([0-9a-f]{16})(?![0-9A-Za-z])/g;

let world: World;
let sandbox: Sandbox;
let dir: string;
let state: string;

async function run(
  command: 'close' | 'diff',
  name: string,
  extra: readonly string[] = [],
): Promise<{ code: number; stdout: string; stderr: string; out: string }> {
  const out = path.join(dir, name);
  const args = exportArgs(world, { url: sandbox.url, apiKey: sandbox.apiKey, out, state }, [
    '--template',
    'journal',
    '--template',
    'quickbooks',
    ...extra,
  ]);
  args[0] = command;
  const io = captureIo(dir);
  const code = await runCli(args, io);
  return { code, stdout: io.stdoutText(), stderr: io.stderrText(), out };
}

beforeAll(async () => {
  world = e2eWorld();
  dir = tempDir('legacy-ids');
  state = path.join(dir, 'books', 'state.db');
  sandbox = await startSandbox({ world, rate: 1000 });
});

afterAll(async () => {
  await sandbox.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a period filed with bare hex entry ids (before the letter)', () => {
  it('diff --since-filed matches every entry through entryIdFromLegacy: nothing changed', async () => {
    expect((await run('close', 'unused')).code).toBe(0);
    const filed = path.join(dir, 'books', 'filed', '2025');
    fs.chmodSync(filed, 0o755);
    let rewritten = 0;
    for (const name of fs.readdirSync(filed).filter((file) => file.endsWith('.csv'))) {
      const file = path.join(filed, name);
      fs.chmodSync(file, 0o644);
      const text = fs.readFileSync(file, 'utf8');
      rewritten += (text.match(TODAY_ID) ?? []).length;
      fs.writeFileSync(file, text.replace(TODAY_ID, '$1'));
    }
    const ledger = parse(fs.readFileSync(path.join(filed, 'ledger.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    // Every entry of the ledger, the journal CSV's postings and the bank statements' memos now name old ids.
    expect(ledger.every((row) => /^[0-9a-f]{16}$/.test(row.entry_id ?? ''))).toBe(true);
    expect(rewritten).toBeGreaterThan(ledger.length * 2);

    const diff = await run('diff', 'diff', ['--since-filed', '2025', '--no-verify']);
    expect({ code: diff.code, stderr: diff.stderr, stdout: diff.stdout }).toEqual({
      code: 0,
      stderr: '',
      stdout: expect.stringMatching(/nothing changed/),
    });
    expect(diff.stdout).toMatch(/nothing changed in \d+ files/);
    expect(fs.readFileSync(path.join(diff.out, 'diff.csv'), 'utf8').trim().split('\n')).toHaveLength(1);
  });
});

describe('diffFile on filed rows with old ids', () => {
  const header = 'entry_id,note,memo\n';
  const legacy = '0123456789abcdef';
  const hash = `0x${'ab'.repeat(32)}`;

  it('reads the id column, bridge notes and memos with today ids, and nothing else', () => {
    const filed = `${header}${legacy},bridged_to 10:${hash}:${legacy},transfer tx ${hash} entry ${legacy}\n`;
    const now = `${header}x${legacy},bridged_to 10:${hash}:x${legacy},transfer tx ${hash} entry x${legacy}\n`;
    expect(diffFile('ledger.csv', filed, now)).toEqual({ file: 'ledger.csv', status: 'same', changes: [] });
  });

  it('leaves 16-digit amounts and token ids alone, so a real change still shows', () => {
    const filed = 'amount_raw,token_id\n1000000000000000,3814432126955387\n';
    const now = 'amount_raw,token_id\nx1000000000000000,x3814432126955387\n';
    expect(diffFile('koinly.csv', filed, now).changes.map((change) => change.change)).toEqual(['added', 'removed']);
  });

  it('an entry whose filed id has no counterpart now is still reported, under its today id', () => {
    const diff = diffFile('ledger.csv', `entry_id,amount\n${legacy},1\n`, 'entry_id,amount\nxffffffffffffffff,1\n');
    expect(diff.changes.map((change) => [change.change, change.key])).toEqual([
      ['added', 'xffffffffffffffff'],
      ['removed', `x${legacy}`],
    ]);
  });
});

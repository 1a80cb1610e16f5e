import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import { e2eWorld, exportArgs, tempDir } from '../support/e2eWorld.js';
import { runInProcess } from '../support/runLedgerscan.js';

const KEY = 'silent-key';
const world = e2eWorld();
/** A valid address nothing in the world ever touched. */
const NOBODY = '0x000000000000000000000000000000000000dead';
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ world, rate: 400, apiKeys: [KEY] });
});
afterAll(async () => {
  await sandbox.close();
});

const manifestWarnings = (out: string): unknown =>
  (JSON.parse(fs.readFileSync(path.join(out, 'manifest.json'), 'utf8')) as { warnings?: unknown }).warnings;

describe('an export that succeeds but must say something', () => {
  it('says a wallet without history on a chain, on stdout and in the manifest', async () => {
    const dir = tempDir('silent-nobody');
    const out = path.join(dir, 'out');
    const outcome = await runInProcess(
      exportArgs(world, { url: sandbox.url, apiKey: KEY, out, state: path.join(dir, 'state.db') }, ['--address', NOBODY]),
      { cwd: dir },
    );
    expect(outcome.code).toBe(0);
    const line = `0x0000...dead (${NOBODY}) has no transaction on chain 1 in the period: check the address`;
    expect(outcome.stdout).toContain(`warning: ${line}\n`);
    expect(manifestWarnings(out)).toContain(line);
  });

  it('says rows left without a value by a source that is down, and --require-values makes that exit 4', async () => {
    const dir = tempDir('silent-prices');
    const run = (out: string, extra: readonly string[]) =>
      runInProcess(
        exportArgs(world, { url: sandbox.url, apiKey: KEY, out: path.join(dir, out), state: path.join(dir, 'state.db') }, [
          // Nothing listens there: every price "source failed".
          '--price-url',
          'defillama=http://127.0.0.1:9',
          ...extra,
        ]),
        { cwd: dir },
      );
    const told = await run('told', []);
    expect(told.code).toBe(0);
    const [, rows] =
      /warning: (\d+) rows that should have a value have none \([^)]*\d+ source failed[^)]*; prices-missing\.csv/.exec(told.stdout) ?? [];
    expect(Number(rows)).toBeGreaterThan(0);
    expect(manifestWarnings(path.join(dir, 'told'))).toContainEqual(
      expect.stringContaining(`${rows} rows that should have a value have none`),
    );
    const required = await run('required', ['--require-values']);
    expect({ code: required.code, stderr: required.stderr.trim() }).toEqual({
      code: 4,
      stderr: `ledgerscan: ${rows} rows that should have a value have none, and --require-values asks for every one`,
    });
  });
});

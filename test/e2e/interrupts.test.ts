import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import { e2eWorld, exportArgs, tempDir } from '../support/e2eWorld.js';
import type { CliChild } from '../support/runLedgerscan.js';
import { runInProcess, spawnLedgerscan } from '../support/runLedgerscan.js';

const KEY = 'interrupts-key';
/** The README's promise: a stopped command is gone within 8 s, whatever it was doing. */
const BOUND_MS = 8_000;
const world = e2eWorld();
let sandbox: Sandbox;
/** The store as each phase's run finds it, made once: `ledger` (the period synced, not the history before it) and `all`. */
const warmed = { ledger: '', all: '' };
// Real processes (tsx compiles each one) and whole exports, on a machine that may be busy.
jest.setTimeout(300_000);

beforeAll(async () => {
  sandbox = await startSandbox({ world, rate: 400, apiKeys: [KEY] });
  // One warm-up for every case that needs one, each case on a copy: the cases are about the stop, not the warm-up.
  const dir = tempDir('interrupt-warm');
  const ledgerOnly = args(dir, 'ledger', 400);
  ledgerOnly.splice(ledgerOnly.indexOf('hledger') - 1, 2);
  expect((await runInProcess(ledgerOnly, { cwd: dir })).code).toBe(0);
  warmed.ledger = copyStore(path.join(dir, 'state.db'), path.join(dir, 'ledger.db'));
  expect((await runInProcess(args(dir, 'all', 400), { cwd: dir })).code).toBe(0);
  warmed.all = path.join(dir, 'state.db');
});
afterAll(async () => {
  await sandbox.close();
});

/** A closed SQLite store (with its WAL, if one is left) copied to `to`; `to`. */
function copyStore(from: string, to: string): string {
  for (const suffix of ['', '-wal', '-shm']) if (fs.existsSync(from + suffix)) fs.copyFileSync(from + suffix, to + suffix);
  return to;
}

const tempFiles = (dir: string): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.tmp')) : []);

/** An export with journals (opening balances, chain-balance assertions) and spreadsheets: every phase there is. */
function args(dir: string, out: string, rate: number): string[] {
  const all = exportArgs(world, { url: sandbox.url, apiKey: KEY, out: path.join(dir, out), state: path.join(dir, 'state.db') }, [
    '--template',
    'hledger',
    '--xlsx',
  ]);
  all[all.indexOf('--rate') + 1] = String(rate);
  return all;
}

/** Polls until `reached` holds; a child that ended before is a failure. */
async function until(reached: () => boolean, started: CliChild): Promise<void> {
  let ended = false;
  void started.ended.then(() => (ended = true));
  while (!reached()) {
    if (ended) throw new Error(`ledgerscan ended before the phase: ${(await started.ended).stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const listCalls = (): number =>
  Object.entries(sandbox.stats.byAction).reduce(
    (sum, [action, n]) => sum + (action.startsWith('account.tx') || action.startsWith('account.token') ? n : 0),
    0,
  );

/**
 * Each phase of a real export: `prepare` names the warmed store (made once, in this process) from which the phase comes
 * soon, `reached` says the child is in it. The phase's rate keeps it long enough to be caught.
 */
const PHASES = [
  { phase: 'sync', rate: 3, prepare: null, reached: (calls: number) => () => sandbox.stats.requests >= calls + 3 },
  // The period is stored: the first list call is the history before it, for the opening balances.
  { phase: 'opening balances', rate: 3, prepare: 'ledger', reached: (calls: number) => () => listCalls() > calls },
  {
    phase: 'render',
    rate: 400,
    prepare: 'all',
    reached: (_: number, out: string) => () => tempFiles(out).some((name) => name.includes('.csv.')),
  },
  {
    phase: 'write',
    rate: 400,
    prepare: 'all',
    reached: (_: number, out: string) => () => tempFiles(out).some((name) => name.includes('.xlsx.')),
  },
] as const;

describe('SIGINT in each phase of an export', () => {
  it.each(PHASES)('$phase: exit 130 within the bound, no temp file and no empty --out left', async ({ phase, rate, prepare, reached }) => {
    const dir = tempDir(`interrupt-${phase.replace(' ', '-')}`);
    if (prepare !== null) copyStore(warmed[prepare], path.join(dir, 'state.db'));
    const out = path.join(dir, 'out');
    const started = spawnLedgerscan(args(dir, 'out', rate));
    await until(reached(phase === 'opening balances' ? listCalls() : sandbox.stats.requests, out), started);
    const sent = Date.now();
    started.child.kill('SIGINT');
    const killer = setTimeout(() => started.child.kill('SIGKILL'), 3 * BOUND_MS);
    const end = await started.ended;
    clearTimeout(killer);
    const ms = Date.now() - sent;
    // The figures the issue asks for: code, time to stop, files left.
    process.stdout.write(
      `${phase}: exit ${end.code}, stopped in ${ms} ms, left ${JSON.stringify(fs.existsSync(out) ? fs.readdirSync(out) : null)}\n`,
    );
    expect({ code: end.code, signal: end.signal, stderr: end.stderr }).toEqual({
      code: 130,
      signal: null,
      stderr: expect.stringContaining('stopped by SIGINT'),
    });
    expect(ms).toBeLessThan(BOUND_MS);
    expect(tempFiles(out)).toEqual([]);
    expect(fs.existsSync(out) && fs.readdirSync(out).length === 0).toBe(false);
    expect(fs.existsSync(`${path.join(dir, 'state.db')}.lock`)).toBe(false);
  });

  it("a later run into the folder removes the temp files a killed run left there, and no other's", async () => {
    const dir = tempDir('interrupt-strays');
    const out = path.join(dir, 'out');
    fs.mkdirSync(out);
    // A dead process's temp file (pid 2^22 + 1 is above Linux's pid_max), a living one's and a file of the user's.
    const stray = `.ledger.csv.${2 ** 22 + 1}.1764000000000.tmp`;
    const living = `.ledger.csv.${process.pid}.1764000000000.tmp`;
    for (const name of [stray, living, 'notes.tmp']) fs.writeFileSync(path.join(out, name), 'x');
    copyStore(warmed.all, path.join(dir, 'state.db'));
    expect((await runInProcess(args(dir, 'out', 400), { cwd: dir })).code).toBe(0);
    expect(tempFiles(out).sort()).toEqual([living, 'notes.tmp'].sort());
  });

  it('a refused run leaves no --out folder it made', async () => {
    const dir = tempDir('interrupt-refused');
    const refused = args(dir, 'out', 400);
    refused[refused.indexOf('--year') + 1] = '2099';
    expect((await runInProcess(refused, { cwd: dir })).code).toBe(2);
    expect(fs.existsSync(path.join(dir, 'out'))).toBe(false);
  });
});

import fs from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { runCli } from '../../src/cli/main.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import { captureIo } from '../support/captureIo.js';

type Row = Record<string, string>;
interface Run {
  code: number;
  stdout: string;
  stderr: string;
  rows: Row[];
}

const CHAINS = [1, 10];
let world: World;
let sandbox: Sandbox;
let dir: string;
let runs = 0;
const closers: (() => Promise<void>)[] = [];

/** `ledgerscan balances` on one shared store (the first run syncs, later ones only top up). */
async function balances(at: string, extra: readonly string[] = [], baseUrl = sandbox.url): Promise<Run> {
  runs += 1;
  const out = path.join(dir, `out-${runs}`);
  const io = captureIo(dir, { ETHERSCAN_API_KEY: sandbox.apiKey });
  const code = await runCli(
    [
      'balances',
      '--at',
      at,
      '--out',
      out,
      '--state',
      path.join(dir, 'state.db'),
      '--base-url',
      baseUrl,
      '--rate',
      '1000',
      '--quiet',
      ...CHAINS.flatMap((chain) => ['--chain', String(chain)]),
      ...world.wallets.flatMap((wallet) => ['--address', wallet.address]),
      ...extra,
    ],
    io,
  );
  const csv = path.join(out, 'balances.csv');
  return {
    code,
    stdout: io.stdoutText(),
    stderr: io.stderrText(),
    rows: fs.existsSync(csv) ? (parse(fs.readFileSync(csv, 'utf8'), { columns: true }) as Row[]) : [],
  };
}

/** Every fungible, non-spam row equals the generator's truth at the block for the instant, to the base unit. */
function expectTruth(run: Run, atUtc: number): void {
  const fungible = run.rows.filter((row) => row.spam === '' && (row.asset_kind === 'native' || row.asset_kind === 'erc20'));
  expect(fungible.length).toBeGreaterThan(CHAINS.length);
  for (const row of fungible) {
    const chainId = Number(row.chain_id);
    const block = world.blockByTime(chainId, atUtc, 'before');
    expect(Number(row.block)).toBe(block);
    const asset = row.asset_kind === 'native' ? 'native' : (row.asset_contract as string);
    const truth = world.expectedBalance(chainId, row.wallet as string, asset, block as number);
    expect(`${row.chain_id} ${row.wallet_label} ${row.asset} ${row.balance_raw}`).toBe(
      `${row.chain_id} ${row.wallet_label} ${row.asset} ${truth}`,
    );
  }
}

beforeAll(async () => {
  world = generateWorld({ seed: 1, scale: 0.05, chains: CHAINS });
  sandbox = await startSandbox({ world, rate: 1000 });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-balances-'));
});

afterAll(async () => {
  await sandbox.close();
  for (const close of closers) await close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('ledgerscan balances --at', () => {
  it('states holdings just after the spring DST jump in Berlin equal to the world at that block, each checked with the chain', async () => {
    const run = await balances('2025-03-30T03:00', ['--timezone', 'Europe/Berlin']);
    expect(run.code).toBe(0);
    // 03:00 CEST is 01:00 UTC: the hour 02:00–03:00 does not exist that night.
    expect(run.rows[0]).toMatchObject({ at_utc: '2025-03-30T01:00:00Z', at_local: '2025-03-30T03:00:00+02:00' });
    expectTruth(run, Date.UTC(2025, 2, 30, 1) / 1000);
    const checked = run.rows.filter((row) => row.spam === '' && row.asset_kind !== 'erc721' && row.asset_kind !== 'erc1155');
    expect(checked.every((row) => row.status === 'match' && row.difference_raw === '0')).toBe(true);
    expect(run.rows.filter((row) => row.asset_kind === 'erc721').every((row) => row.status === 'unchecked')).toBe(true);
    expect(run.stdout).toMatch(
      /balances at 2025-03-30T03:00:00\+02:00 \(2025-03-30T01:00:00Z\): \d+ assets of \d+ wallets on 2 chains; checked against the chain: \d+ match, 0 differ/,
    );
  });

  it('reads a bare day as its last second, in the zone, across the autumn DST change', async () => {
    // Historical checks run at Etherscan's 2 calls/s: the first test covers them, this one reads the ledger alone.
    const run = await balances('2025-10-26', ['--timezone', 'Europe/Berlin', '--no-check']);
    expect(run.code).toBe(0);
    expect(run.rows.every((row) => row.status === 'unchecked' && row.note === 'not checked (--no-check)')).toBe(true);
    expect(run.rows[0]).toMatchObject({ at_utc: '2025-10-26T22:59:59Z', at_local: '2025-10-26T23:59:59+01:00' });
    expectTruth(run, Date.UTC(2025, 9, 26, 22, 59, 59) / 1000);
  });

  it('counts a block from its own timestamp on, not a second before', async () => {
    const main = world.wallets[0]?.address as string;
    // A block of 2025 in which the wallet's native balance changes.
    let block = world.blockByTime(1, Date.UTC(2025, 4, 1) / 1000, 'after') as number;
    while (world.expectedBalance(1, main, 'native', block) === world.expectedBalance(1, main, 'native', block - 1)) block += 1;
    const time = world.timestampOf(1, block);
    const iso = (t: number): string => new Date(t * 1000).toISOString().replace('.000Z', 'Z');
    const [atBlock, before] = [await balances(iso(time), ['--no-check']), await balances(iso(time - 1), ['--no-check'])];
    expectTruth(atBlock, time);
    expectTruth(before, time - 1);
    const native = (run: Run): Row =>
      run.rows.find((row) => row.chain_id === '1' && row.wallet === main && row.asset_kind === 'native') as Row;
    expect(native(atBlock).block).toBe(String(block));
    expect(BigInt(native(atBlock).balance_raw as string) - BigInt(native(before).balance_raw as string)).toBe(
      world.expectedBalance(1, main, 'native', block) - world.expectedBalance(1, main, 'native', block - 1),
    );
  });

  it('still states the holdings without API Pro, marked unchecked, and exits 0', async () => {
    const front = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://front');
      const answer = /balancehistory$/.test(url.searchParams.get('action') ?? '')
        ? Promise.resolve(
            JSON.stringify({
              status: '0',
              message: 'NOTOK',
              result: 'Sorry, it looks like you are trying to access an API Pro endpoint. Contact us to upgrade to API Pro.',
            }),
          )
        : fetch(`${sandbox.url}${url.search}`).then((forwarded) => forwarded.text());
      void answer.then((body) => response.writeHead(200, { 'content-type': 'application/json' }).end(body));
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    closers.push(
      () =>
        new Promise<void>((resolve) => {
          front.closeAllConnections();
          front.close(() => resolve());
        }),
    );
    const run = await balances('2025-12-31', [], `http://127.0.0.1:${(front.address() as AddressInfo).port}/v2/api`);
    expect(run.code).toBe(0);
    expectTruth(run, Date.UTC(2025, 11, 31, 23, 59, 59) / 1000);
    expect(run.rows.every((row) => row.status === 'unchecked')).toBe(true);
    expect(run.stdout).toMatch(/not checked against the chain: the API does not serve account\.balancehistory: .*API Pro/);
  });

  it.each([
    ['2025-03-30T02:30', 'does not exist in Europe/Berlin: the clocks jump over it'],
    [
      '2025-10-26T02:30',
      'happens twice in Europe/Berlin as the clocks go back (add the offset: 2025-10-26T02:30+02:00 or 2025-10-26T02:30+01:00)',
    ],
    ['2025-13-01', 'is not on the calendar'],
    ['yesterday', 'is not a date or time'],
    ['2099-01-01', 'is in the future'],
  ])('refuses --at %s with one line, exit 2 and no file', async (at, message) => {
    const before = runs;
    const run = await balances(at, ['--timezone', 'Europe/Berlin']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(fs.existsSync(path.join(dir, `out-${before + 1}`, 'balances.csv'))).toBe(false);
  });
});

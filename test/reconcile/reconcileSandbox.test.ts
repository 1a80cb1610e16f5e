import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import fs from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../../src/cli/main.js';
import { EtherscanClient } from '../../src/etherscan/EtherscanClient.js';
import { formatUnits } from '../../src/ledger/money.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import { captureIo } from '../support/captureIo.js';

type Row = Record<string, string>;

interface Run {
  code: number;
  stdout: string;
  rows: Row[];
  json: { allMatch: boolean; historical: string; assets: { status: string; wallet: string; assetKind: string }[] };
}

let world: World;
let dir: string;
const sandboxes: Sandbox[] = [];
const closers: (() => Promise<void>)[] = [];

/** `ledgerscan reconcile` with a fresh store against `baseUrl`, read back from its report files. */
async function reconcileAgainst(baseUrl: string, name: string, extra: readonly string[] = []): Promise<Run> {
  const out = path.join(dir, name);
  const io = captureIo(dir);
  const code = await runCli(
    [
      'reconcile',
      '--year',
      '2025',
      '--template',
      'ledger',
      '--out',
      out,
      '--state',
      path.join(dir, `${name}.db`),
      '--base-url',
      baseUrl,
      '--api-key',
      'sandbox-key',
      '--rate',
      '1000',
      '--quiet',
      '--chain',
      '1',
      ...world.wallets.filter((wallet) => wallet.chains.includes(1)).flatMap((wallet) => ['--address', wallet.address]),
      ...extra,
    ],
    io,
  );
  const stdout = io.stdoutText();
  if (code !== 0 && code !== 1) throw new Error(`reconcile ended with ${code}: ${io.stderrText()}`);
  return {
    code,
    stdout,
    rows: parse(fs.readFileSync(path.join(out, 'reconcile.csv'), 'utf8'), { columns: true }) as Row[],
    json: JSON.parse(fs.readFileSync(path.join(out, 'reconcile.json'), 'utf8')) as Run['json'],
  };
}

/** A front for the sandbox that refuses the historical endpoints as a plan without API Pro does. */
async function withoutPro(target: string): Promise<string> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://front');
    const action = url.searchParams.get('action') ?? '';
    const answer = /balancehistory$/.test(action)
      ? Promise.resolve(
          JSON.stringify({
            status: '0',
            message: 'NOTOK',
            result: 'Sorry, it looks like you are trying to access an API Pro endpoint. Contact us to upgrade to API Pro.',
          }),
        )
      : fetch(`${target}${url.search}`).then((forwarded) => forwarded.text());
    void answer.then((body) => response.writeHead(200, { 'content-type': 'application/json' }).end(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/api`;
}

describe('reconcile against the sandbox', () => {
  let clean: Run;
  let omitted: { hash: string; wallet: string; value: bigint; block: number };
  let broken: Run;
  let brokenNoPro: Run;

  beforeAll(async () => {
    // A tenth of the default world still holds every ledger case once, and syncs in seconds.
    world = generateWorld({ seed: 1, scale: 0.1, chains: [1] });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-reconcile-'));
    const truth = await startSandbox({ world, rate: 1000 });
    sandboxes.push(truth);
    clean = await reconcileAgainst(truth.url, 'clean');

    // An incoming internal transfer to a tracked wallet, as the API lists it.
    const client = new EtherscanClient({ baseUrl: truth.url, apiKey: truth.apiKey, rate: 1000 });
    for (const wallet of world.wallets.filter((candidate) => candidate.chains.includes(1))) {
      const rows = await client.listPage('txlistinternal', {
        chainId: 1,
        address: wallet.address,
        startBlock: 0,
        endBlock: 99_999_999,
        offset: 10_000,
      });
      const row = rows.find(
        (candidate) => candidate.to === wallet.address && candidate.isError === '0' && candidate.type === 'call' && candidate.value !== '0',
      );
      if (row !== undefined) {
        omitted = { hash: row.hash, wallet: wallet.address, value: BigInt(row.value), block: Number(row.blockNumber) };
        break;
      }
    }
    const lossy = await startSandbox({ world, rate: 1000, omit: [{ chainId: 1, stream: 'txlistinternal', hash: omitted.hash }] });
    sandboxes.push(lossy);
    broken = await reconcileAgainst(lossy.url, 'broken');
    // The same store, already synced, so this run only reconciles.
    fs.copyFileSync(path.join(dir, 'broken.db'), path.join(dir, 'broken-no-pro.db'));
    brokenNoPro = await reconcileAgainst(await withoutPro(lossy.url), 'broken-no-pro');
  });

  afterAll(async () => {
    for (const close of [...sandboxes.map((sandbox) => () => sandbox.close()), ...closers]) await close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('matches every asset of the complete world exactly, and exits 0', () => {
    expect(clean.code).toBe(0);
    expect(clean.json.allMatch).toBe(true);
    const statuses = new Set(clean.rows.filter((row) => row.spam === '').map((row) => row.status));
    expect([...statuses].sort()).toEqual(expect.arrayContaining(['match']));
    expect(statuses.has('differs')).toBe(false);
    expect(clean.rows.filter((row) => row.status === 'match').length).toBeGreaterThan(5);
    for (const row of clean.rows.filter((candidate) => candidate.status === 'no-chain-balance')) {
      expect(['erc721', 'erc1155']).toContain(row.asset_kind);
    }
    expect(clean.stdout).toMatch(/reconcile: \d+ assets \(synced to chain 1 block \d+\): \d+ match, 0 differ/);
  });

  it('finds the omitted internal transfer: chain, wallet, asset, signed difference and its block', () => {
    expect(broken.code).toBe(1);
    expect(broken.json.allMatch).toBe(false);
    const differing = broken.rows.filter((row) => row.status === 'differs');
    expect(differing).toHaveLength(1);
    const row = differing[0] as Row;
    expect(row).toMatchObject({
      chain_id: '1',
      chain: 'Ethereum Mainnet',
      wallet: omitted.wallet,
      asset_kind: 'native',
      asset: 'ETH',
      difference_raw: (-omitted.value).toString(),
      difference: formatUnits(-omitted.value, 18),
      first_divergent_block: String(omitted.block),
    });
    // The wallet sent the transaction whose internal transfer is missing, so its fee puts it in the ledger;
    // the block may hold other transactions of the wallet too.
    expect((row.divergent_txs as string).split(' ')).toContain(omitted.hash);
    expect(BigInt(row.ledger_balance_raw as string) - BigInt(row.chain_balance_raw as string)).toBe(-omitted.value);
    expect(row.hint).toMatch(/deposit is missing/);
    expect(broken.json.historical).toBe('used');
    expect(broken.stdout).toContain(`DIFFERS Ethereum Mainnet ${omitted.wallet}`);
    expect(broken.stdout).toContain(`difference ${formatUnits(-omitted.value, 18)}`);
    expect(broken.stdout).toContain(`first divergent block ${omitted.block}`);
  });

  it('falls back to the sign of the difference when the plan refuses historical balances', () => {
    expect(brokenNoPro.code).toBe(1);
    expect(brokenNoPro.json.historical).toBe('unavailable');
    const row = brokenNoPro.rows.find((candidate) => candidate.status === 'differs') as Row;
    expect(row).toMatchObject({ wallet: omitted.wallet, difference_raw: (-omitted.value).toString(), first_divergent_block: '' });
    expect(row.hint).toMatch(/deposit is missing/);
    expect(brokenNoPro.stdout).toContain('historical balances unavailable');
    expect(brokenNoPro.stdout).toMatch(
      /unavailable: balancehistory on Ethereum Mainnet \(the API does not serve account.balancehistory: Sorry, it looks like you are trying to access an API Pro endpoint/,
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { World } from '../../src/sandbox/World.js';
import { E2E_CHAINS, e2eWorld, E2E_RATE, exportArgs } from '../support/e2eWorld.js';
import { outputDigest } from '../support/outputDigest.js';
import type { RunFolder } from './runFolder.js';
import { runFolder } from './runFolder.js';
import { runInProcess, spawnLedgerscan } from '../support/runLedgerscan.js';
import type { StoreContents } from '../support/storeContents.js';
import { storeContents } from '../support/storeContents.js';

const LIST_ACTIONS = ['txlist', 'txlistinternal', 'tokentx', 'tokennfttx', 'token1155tx'].map((stream) => `account.${stream}`);
const RECEIPT_ACTION = 'proxy.eth_getTransactionReceipt';

/**
 * Where to kill the CLI: after its second request (planning), after a share of the requests an
 * uninterrupted run makes (list pages come first, receipts overlap and follow), or after all of them
 * (the ledger and CSV stage). Shares rather than counts, so the points stay inside the run if the world changes.
 */
const KILL_POINTS: readonly (readonly [string, { requests: number } | { share: number } | 'all'])[] = [
  ['while planning the block ranges', { requests: 2 }],
  ['on the first list pages', { share: 0.05 }],
  ['amid list pages and receipts', { share: 0.2 }],
  ['amid receipts', { share: 0.5 }],
  ['near the last receipts', { share: 0.8 }],
  ['after the last request, while the ledger and CSVs are built', 'all'],
];

/**
 * The CLI as a real process against an in-process sandbox, killed with SIGKILL at several points and
 * run again each time: the rerun must write what an uninterrupted run wrote and leave the same store.
 */
describe('an export killed with SIGKILL and run again', () => {
  let world: World;
  let sandbox: Sandbox;
  let folder: RunFolder;
  let args: string[];
  let reference: { digest: Record<string, string>; store: StoreContents; requests: number };
  let sigkills = 0;

  beforeAll(async () => {
    world = e2eWorld();
    sandbox = await startSandbox({ world, rate: E2E_RATE });
    folder = runFolder('crash');
    args = exportArgs(world, { url: sandbox.url, apiKey: sandbox.apiKey, ...folder });
    const before = sandbox.stats.requests;
    expect(await runInProcess(args, { cwd: folder.root })).toMatchObject({ code: 0, stderr: '' });
    reference = { digest: outputDigest(folder.out), store: storeContents(folder.state), requests: sandbox.stats.requests - before };
  });
  afterAll(async () => {
    await sandbox.close();
    folder.remove();
  });

  it('the uninterrupted run stored every stream without duplicates', () => {
    expect(reference.store.integrity).toBe('ok');
    expect(reference.store.duplicateKeys).toBe(0);
    expect(reference.store.receipts).toBeGreaterThan(100);
    expect(reference.requests).toBeGreaterThan(200);
  });

  it('a second export of the same period makes at most one list call per (chain, wallet, stream) and no receipt call', async () => {
    const before = { ...sandbox.stats.byAction };
    expect(await runInProcess(args, { cwd: folder.root })).toMatchObject({ code: 0, stderr: '' });
    const calls = (action: string): number => (sandbox.stats.byAction[action] ?? 0) - (before[action] ?? 0);
    const keys = world.wallets.length * E2E_CHAINS.length;
    for (const action of LIST_ACTIONS) expect(calls(action)).toBeLessThanOrEqual(keys);
    expect(calls(RECEIPT_ACTION)).toBe(0);
    expect(outputDigest(folder.out)).toEqual(reference.digest);
  });

  it.each(KILL_POINTS)(
    'killed %s: the rerun writes identical files and the store holds the same records, no duplicate',
    async (_where, point) => {
      folder.clear();
      const start = sandbox.stats.requests;
      const threshold =
        point === 'all' ? reference.requests : 'share' in point ? Math.round(point.share * reference.requests) : point.requests;
      const { child, ended } = spawnLedgerscan(args);
      const poll = setInterval(() => {
        if (sandbox.stats.requests - start >= threshold) child.kill('SIGKILL');
      }, 1);
      const killed = await ended.finally(() => clearInterval(poll));
      // The last point races the child's own end; every other one must have found it mid-run.
      if (point !== 'all') expect(killed.signal).toBe('SIGKILL');
      if (killed.signal === 'SIGKILL') sigkills++;
      else expect(killed.code).toBe(0);
      const left = storeContents(folder.state);
      expect(left.integrity).toBe('ok');
      expect(left.duplicateKeys).toBe(0);
      // Mid-run means work was left for the rerun.
      if (point !== 'all')
        expect(left.records.length + left.receipts).toBeLessThan(reference.store.records.length + reference.store.receipts);

      const rerun = await runInProcess(args, { cwd: folder.root });
      expect(rerun).toMatchObject({ code: 0, stderr: '' });
      expect(outputDigest(folder.out)).toEqual(reference.digest);
      expect(storeContents(folder.state)).toEqual(reference.store);
    },
  );

  it('killed the CLI mid-run at five points at least', () => {
    expect(sigkills).toBeGreaterThanOrEqual(5);
  });
});

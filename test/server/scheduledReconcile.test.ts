import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EtherscanClient } from '../../src/etherscan/EtherscanClient.js';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import type { Workspace } from '../../src/workspace/Workspace.js';
import { e2eWorld } from '../support/e2eWorld.js';
import { openWorkspace, tempDir, worldBook } from '../support/workspaceHarness.js';
import type { Served } from '../support/serverHarness.js';
import { addUser, login, serve } from '../support/serverHarness.js';

const world = e2eWorld();
const sandboxes: Sandbox[] = [];
let workspace: Workspace;
let server: Served;
let clock = new Date('2026-06-01T02:00:00Z');

beforeAll(async () => {
  // An API that leaves out one incoming internal transfer: the books then differ from the chain.
  const truth = await startSandbox({ world, rate: 1000 });
  sandboxes.push(truth);
  const client = new EtherscanClient({ baseUrl: truth.url, apiKey: truth.apiKey, rate: 1000 });
  let hash = '';
  for (const wallet of world.wallets.filter((candidate) => candidate.chains.includes(1))) {
    const rows = await client.listPage('txlistinternal', {
      chainId: 1,
      address: wallet.address,
      startBlock: 0,
      endBlock: 99_999_999,
      offset: 10_000,
    });
    hash = rows.find((row) => row.to === wallet.address && row.isError === '0' && row.type === 'call' && row.value !== '0')?.hash ?? '';
    if (hash !== '') break;
  }
  expect(hash).not.toBe('');
  const lossy = await startSandbox({ world, rate: 1000, omit: [{ chainId: 1, stream: 'txlistinternal', hash }] });
  sandboxes.push(lossy);
  workspace = openWorkspace(tempDir('scheduled'), lossy, { now: () => clock }, 1000);
  await workspace.start({ scheduler: false });
  server = await serve(workspace);
});

afterAll(async () => {
  await server.close();
  await workspace.close();
  for (const sandbox of sandboxes) await sandbox.close();
});

describe('a scheduled reconcile with differences', () => {
  it('runs like a manual one and shows on the books list and in /api/health', async () => {
    const token = await addUser(workspace, 'ops', 'admin', 'ops password 12');
    const book = await workspace.addBook(worldBook(world, 'Nightly client'));
    await workspace.setSchedules(book.id, [{ kind: 'reconcile', cron: '0 3 * * *', zone: 'UTC' }]);
    clock = new Date('2026-06-01T02:59:00Z');
    expect(await workspace.scheduler.tick(clock)).toBe(0);
    clock = new Date('2026-06-01T03:00:30Z');
    expect(await workspace.scheduler.tick(clock)).toBe(1);
    await workspace.queue.idle();

    const runs = (await (
      await fetch(`${server.url}/api/books/${book.id}/runs`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { id: number; kind: string; trigger: string; status: string; summary: { differences: number } }[];
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ kind: 'reconcile', trigger: 'schedule', status: 'differences' });
    expect(runs[0]?.summary.differences).toBeGreaterThan(0);
    const health = (await (await fetch(`${server.url}/api/health`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      reconcileDifferences: unknown[];
    };
    expect(health.reconcileDifferences).toEqual([{ bookId: book.id, runId: runs[0]?.id }]);
    const { cookie } = await login(server.url, 'ops', 'ops password 12');
    const page = await (await fetch(`${server.url}/`, { headers: { cookie } })).text();
    expect(page).toContain(`<a href="/runs/${runs[0]?.id}/reconcile"><span class="status status-differences">differences</span></a>`);
    const report = await (await fetch(`${server.url}/runs/${runs[0]?.id}/reconcile`, { headers: { cookie } })).text();
    expect(report).toMatch(/<tr class="differs/);
  });
});

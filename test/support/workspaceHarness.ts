import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { World } from '../../src/sandbox/World.js';
import { expect } from '@jest/globals';
import type { RunRequest } from '../../src/runs/RunRequest.js';
import { executeRun } from '../../src/workspace/executeRun.js';
import { Workspace } from '../../src/workspace/Workspace.js';
import type { WorkspaceOptions } from '../../src/workspace/Workspace.js';
import { E2E_CHAINS, E2E_RATE } from './e2eWorld.js';

export function tempDir(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `ledgerscan-workspace-${name}-`));
}

/** A book over the small e2e world: every wallet, both chains. */
export function worldBook(world: World, name = 'Client A'): Record<string, unknown> {
  return { name, wallets: world.wallets.map((wallet) => ({ address: wallet.address })), chains: [...E2E_CHAINS], timezone: 'UTC' };
}

/** `worldBook` with its wallets labelled `Wallet 1`, `Wallet 2`, …, as the transactions table shows them. */
export function labelledWorldBook(world: World): Record<string, unknown> {
  return {
    ...worldBook(world),
    wallets: world.wallets.map((wallet, index) => ({ address: wallet.address, label: `Wallet ${index + 1}` })),
  };
}

/** A workspace on the sandbox at `rate` calls per second (the e2e rate unless given); schedules fire at their ticks (no jitter) unless given. */
export function openWorkspace(
  dataDir: string,
  sandbox: { url: string; apiKey: string },
  extra: Partial<WorkspaceOptions> = {},
  rate = E2E_RATE,
): Workspace {
  return new Workspace({
    dataDir,
    api: { apiKey: sandbox.apiKey, baseUrl: sandbox.url, rate, historicalRate: rate },
    scheduleJitterMs: 0,
    ...extra,
  });
}

/**
 * A run of the book carried out here, as a worker would (it must end succeeded or with differences); the counts of its
 * log line of the transactions table's refresh.
 */
export async function runHere(workspace: Workspace, bookId: number, request: RunRequest): Promise<{ entries: number; written: number }> {
  const queued = await workspace.startRun(bookId, request);
  if (queued === undefined) throw new Error('no run');
  await executeRun(workspace.runContext(workspace.api), (await workspace.data.getRun(queued.id))!, new AbortController().signal);
  expect((await workspace.data.getRun(queued.id))?.status).toMatch(/^(succeeded|differences)$/);
  const line = (await workspace.data.runLog(queued.id)).find((one) => one.startsWith('transactions table: '));
  const [, entries, written] = /^transactions table: (\d+) entries, (\d+) rows written$/.exec(line ?? '') ?? [];
  return { entries: Number(entries), written: Number(written) };
}

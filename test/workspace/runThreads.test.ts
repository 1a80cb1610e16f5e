import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RunRequest } from '../../src/runs/RunRequest.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { SANDBOX_KEY } from '../../src/sandbox/startSandbox.js';
import { E2E_CHAINS } from '../support/e2eWorld.js';
import type { StartedProcess } from '../support/serverProcess.js';
import { startProcess } from '../support/serverProcess.js';
import { openWorkspace, tempDir } from '../support/workspaceHarness.js';

// The sandbox in a process of its own, as `ledgerscan sandbox`: this thread then holds no socket of its own.
const world = generateWorld({ seed: 1, scale: 0.1 });
let sandbox: StartedProcess;
beforeAll(async () => {
  sandbox = await startProcess(['sandbox', '--port', '0', '--scale', '0.1', '--rate', '100'], {}, /sandbox listening on (http:\/\/\S+)/);
});
afterAll(async () => {
  sandbox.process.child.kill('SIGTERM');
  await sandbox.process.ended;
});

describe('an embedded run (issue 42.7)', () => {
  it('executes on a thread of its own: the server’s thread never holds a connection of its calls, and stop and progress still reach it', async () => {
    const workspace = openWorkspace(tempDir('run-thread'), { url: sandbox.ready, apiKey: SANDBOX_KEY }, {}, 50);
    await workspace.start({ scheduler: false });
    try {
      const book = await workspace.addBook({
        name: 'Threaded',
        wallets: world.wallets.map((wallet) => ({ address: wallet.address })),
        chains: [...E2E_CHAINS],
        timezone: 'UTC',
      });
      const changes: (number | null)[] = [];
      workspace.data.onRunChange((runId) => changes.push(runId));
      const request: RunRequest = { kind: 'export', period: { year: 2025 }, templates: ['ledger'] };
      const run = (await workspace.startRun(book.id, request))!;
      // Sampled while the run goes: a call to the explorer from this thread would hold a TCP socket on its loop.
      const sockets = new Set<string>();
      let done = false;
      const idle = workspace.queue.idle().finally(() => (done = true));
      while (!done) {
        for (const resource of process.getActiveResourcesInfo()) if (resource.startsWith('TCP')) sockets.add(resource);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await idle;
      const finished = await workspace.data.getRun(run.id);
      expect(finished).toMatchObject({ status: 'succeeded', error: null });
      // An export's summary (exportRun's schema) counts its calls.
      const summary = finished?.summary as { apiCalls?: number } | null | undefined;
      expect(Number(summary?.apiCalls)).toBeGreaterThan(50);
      expect(finished?.progress.apiCalls).toBe(summary?.apiCalls);
      expect([...sockets]).toEqual([]);
      // What the thread wrote was announced here, where the run page's event stream listens.
      expect(changes.filter((id) => id === run.id).length).toBeGreaterThan(5);
      expect((await workspace.data.runLog(run.id)).join('\n')).toContain('transactions table:');

      // A stop crosses to the thread, which records it; the store keeps what was fetched.
      const again = (await workspace.startRun((await workspace.addBook({ ...book.data, name: 'Stopped' })).id, request))!;
      while (((await workspace.data.getRun(again.id))?.progress.apiCalls ?? 0) < 10)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await workspace.queue.stop(again.id)).toBe(true);
      await workspace.queue.idle();
      expect(await workspace.data.getRun(again.id)).toMatchObject({ status: 'stopped', error: null });
    } finally {
      await workspace.close();
    }
  });
});

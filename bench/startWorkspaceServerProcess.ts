import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchServerOptions, TimedRequest } from './benchWorkspaceServer.js';
import { forkBenchChild } from './forkBenchChild.js';
import type { Pauses } from './processPauses.js';

export type WorkspaceServerRequest = { type: 'report' } | { type: 'close' };
/** What the server process saw: its own pauses and its slowest requests. */
export interface ServerReport {
  pauses: Pauses;
  slowest: TimedRequest[];
}
export type WorkspaceServerMessage = { type: 'ready'; url: string; token: string } | ({ type: 'report' } & ServerReport);

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'workspaceServerChild.ts');

/**
 * The workspace server in a process of its own (`workspaceServerChild.ts`), as `ledgerscan serve` runs for real
 * users: the bench's clients then measure the server, not their own event loop and garbage collection.
 */
export async function startWorkspaceServerProcess(
  options: BenchServerOptions,
): Promise<{ url: string; token: string; report(): Promise<ServerReport>; close(): Promise<void> }> {
  const server = forkBenchChild<WorkspaceServerMessage, WorkspaceServerRequest>(script, options);
  const ready = await server.next();
  if (ready.type !== 'ready') throw new Error('the workspace server process did not start');
  return {
    url: ready.url,
    token: ready.token,
    async report() {
      server.send({ type: 'report' });
      const reply = await server.next();
      if (reply.type !== 'report') throw new Error('the workspace server process answered out of turn');
      return { pauses: reply.pauses, slowest: reply.slowest };
    },
    close: () => server.close(),
  };
}

/**
 * The workspace server in a process of its own, for the workspace bench (`startWorkspaceServerProcess`): serves until
 * `close`, answers `report` with its own event loop delay and GC pauses since it started listening and its slowest requests.
 */
import type { BenchServerOptions } from './benchWorkspaceServer.js';
import { serveBenchWorkspace } from './benchWorkspaceServer.js';
import { watchPauses } from './processPauses.js';
import type { WorkspaceServerMessage, WorkspaceServerRequest } from './startWorkspaceServerProcess.js';

const server = await serveBenchWorkspace(JSON.parse(process.argv[2] ?? '{}') as BenchServerOptions);
const pauses = watchPauses();
const send = (message: WorkspaceServerMessage): void => {
  process.send?.(message);
};
process.on('message', (request: WorkspaceServerRequest) => {
  if (request.type === 'report') send({ type: 'report', pauses: pauses.read(), slowest: server.slowest() });
  else void server.close().then(() => process.exit(0));
});
// A parent that died never sends `close`.
process.on('disconnect', () => process.exit(0));
send({ type: 'ready', url: server.url, token: server.token });

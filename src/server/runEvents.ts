import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Workspace } from '../workspace/Workspace.js';
import { FINISHED_STATUSES } from '../workspace/WorkspaceData.js';
import { runJson } from './runJson.js';
import { unlessDatabaseAway } from '../db/postgres/DatabaseUnavailableError.js';

/**
 * `GET /api/runs/:id/events`: Server-Sent Events with the run (status, progress and the log lines
 * new since the last event) on every progress report and once a second, then a `done` event when
 * it has finished.
 */
export function streamRunEvents(workspace: Workspace, runId: number, request: FastifyRequest, reply: FastifyReply): void {
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-content-type-options': 'nosniff' });
  let ended = false;
  // The page already shows the first `after` log lines.
  let logSent = Math.max(0, Math.trunc(Number((request.query as { after?: string }).after ?? 0)) || 0);
  const send = (): void => {
    if (ended) return;
    const run = workspace.data.getRun(runId);
    if (run === undefined) return end();
    const finished = FINISHED_STATUSES.includes(run.status);
    const log = workspace.data.runLog(runId).slice(logSent);
    logSent += log.length;
    out.write(`event: ${finished ? 'done' : 'run'}\ndata: ${JSON.stringify({ ...runJson(run), log })}\n\n`);
    if (finished) end();
  };
  const unsubscribe = workspace.onProgress((id) => {
    if (id === runId) send();
  });
  const timer = setInterval(() => unlessDatabaseAway(send), 1000);
  function end(): void {
    if (ended) return;
    ended = true;
    clearInterval(timer);
    unsubscribe();
    out.end();
  }
  request.raw.on('close', end);
  send();
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Workspace } from '../workspace/Workspace.js';
import { FINISHED_STATUSES } from '../workspace/WorkspaceData.js';
import { runJson } from './runJson.js';
import { unlessDatabaseAway } from '../db/postgres/DatabaseUnavailableError.js';

/** A comment line this often keeps proxies from closing a quiet stream; it reads nothing. */
const KEEP_ALIVE_MS = 15_000;

/**
 * `GET /api/runs/:id/events`: Server-Sent Events with the run (status, progress and the log lines new since the
 * last event) each time the run changes, as the workspace data announces it (in-process on SQLite,
 * LISTEN/NOTIFY on PostgreSQL), then a `done` event when it has finished. Each event reads the run's row and
 * only the log lines after those sent; changes that come while one is read are sent together by the next.
 * `after`: the page already shows the first `after` log lines (the route's query, a whole number ≥ 0).
 */
export function streamRunEvents(workspace: Workspace, runId: number, after: number, request: FastifyRequest, reply: FastifyReply): void {
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-content-type-options': 'nosniff',
  });
  let ended = false;
  let logSent = after;
  let reading: Promise<void> | undefined;
  let again = false;
  const read = async (): Promise<void> => {
    const run = await workspace.data.getRun(runId);
    if (ended) return;
    if (run === undefined) return end();
    const finished = FINISHED_STATUSES.includes(run.status);
    const log = await workspace.data.runLog(runId, logSent);
    if (ended) return;
    logSent += log.length;
    out.write(`event: ${finished ? 'done' : 'run'}\ndata: ${JSON.stringify({ ...runJson(run), log })}\n\n`);
    if (finished) end();
  };
  const send = (): void => {
    if (ended) return;
    if (reading !== undefined) {
      again = true;
      return;
    }
    reading = unlessDatabaseAway(read)
      .catch(() => end())
      .finally(() => {
        reading = undefined;
        if (again) {
          again = false;
          send();
        }
      });
  };
  const unsubscribe = workspace.data.onRunChange((id) => {
    if (id === null || id === runId) send();
  });
  const keepAlive = setInterval(() => out.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  function end(): void {
    if (ended) return;
    ended = true;
    clearInterval(keepAlive);
    unsubscribe();
    out.end();
  }
  request.raw.on('close', end);
  send();
}

import { runTarget } from '../../../workspace/AuditLog.js';
import { FINISHED_STATUSES } from '../../../workspace/WorkspaceData.js';
import { HttpError } from '../../HttpError.js';
import { streamRunEvents } from '../../runEvents.js';
import { runJson } from '../../runJson.js';
import { idParams, noQuery, notJson, okResponse, responses } from '../../schemas/common.js';
import { eventsQuery, logResponse, runResponse } from '../../schemas/runs.js';
import { runById } from '../lookups.js';
import type { RouteApp } from '../RouteApp.js';

/** `/api/runs/:id`: a run, its log, its live events, and stopping it. */
export async function runRoutes(app: RouteApp): Promise<void> {
  const { workspace } = app;
  const one = { querystring: noQuery, params: idParams };

  app.get('/api/runs/:id', { config: { access: 'user' }, schema: { ...one, response: responses({ 200: runResponse }) } }, async (request) =>
    runJson(await runById(workspace, request.params.id)),
  );

  app.get(
    '/api/runs/:id/log',
    { config: { access: 'user' }, schema: { ...one, response: responses({ 200: logResponse }) } },
    async (request) => await workspace.data.runLog((await runById(workspace, request.params.id)).id),
  );

  app.get(
    '/api/runs/:id/events',
    { config: { access: 'user' }, schema: { params: idParams, querystring: eventsQuery, response: notJson } },
    async (request, reply) => {
      streamRunEvents(workspace, (await runById(workspace, request.params.id)).id, request.query.after ?? 0, request, reply);
    },
  );

  app.post(
    '/api/runs/:id/stop',
    { config: { access: 'staff' }, schema: { ...one, response: responses({ 200: okResponse }) } },
    async (request) => {
      const run = await runById(workspace, request.params.id);
      if (FINISHED_STATUSES.includes(run.status)) throw new HttpError(409, `run ${run.id} has already finished (${run.status})`);
      await workspace.queue.stop(run.id);
      await request.audit('run.stopped', { book: run.bookId, target: runTarget(run.id), before: { status: run.status } });
      return { ok: true };
    },
  );
}

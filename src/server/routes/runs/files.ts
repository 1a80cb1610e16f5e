import { sendRunFile, sendRunZip } from '../../runDownloads.js';
import { idParams, noQuery, notJson, responses } from '../../schemas/common.js';
import { fileParams, filesResponse } from '../../schemas/runs.js';
import { runById } from '../lookups.js';
import type { RouteApp } from '../RouteApp.js';

/** A run's files: the list from its manifest, one file by its listed name, all of them as a zip. */
export async function runFileRoutes(app: RouteApp): Promise<void> {
  const { workspace } = app;

  app.get(
    '/api/runs/:id/files',
    { config: { access: 'user' }, schema: { querystring: noQuery, params: idParams, response: responses({ 200: filesResponse }) } },
    async (request) => (await runById(workspace, request.params.id)).files,
  );

  app.get(
    '/api/runs/:id/files/*',
    { config: { access: 'user' }, schema: { querystring: noQuery, params: fileParams, response: notJson } },
    async (request, reply) => sendRunFile(reply, workspace, await runById(workspace, request.params.id), request.params['*']),
  );

  app.get(
    '/api/runs/:id/archive.zip',
    { config: { access: 'user' }, schema: { querystring: noQuery, params: idParams, response: notJson } },
    async (request, reply) => sendRunZip(reply, workspace, await runById(workspace, request.params.id)),
  );
}

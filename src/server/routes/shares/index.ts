import { shareTarget } from '../../../workspace/AuditLog.js';
import { randomToken, tokenDigest } from '../../../workspace/secrets.js';
import { HttpError, notFound } from '../../HttpError.js';
import { idParams, noQuery, okResponse, responses } from '../../schemas/common.js';
import { downloadsResponse, shareBody, shareCreatedResponse, shareParams, sharesResponse } from '../../schemas/shares.js';
import { runById } from '../lookups.js';
import type { RouteApp } from '../RouteApp.js';

export interface ShareOptions {
  /** The origin share links start with (`serve --public-url`); without it a link is a path on this server. */
  publicUrl?: string | undefined;
}

/** Share links of a run: create (admins and its staff), list, revoke (likewise), and who downloaded what through one. */
export async function shareRoutes(app: RouteApp, options: ShareOptions): Promise<void> {
  const { workspace } = app;
  const { data } = workspace;

  app.post(
    '/api/runs/:id/shares',
    {
      config: { access: 'staff' },
      schema: { querystring: noQuery, params: idParams, body: shareBody, response: responses({ 201: shareCreatedResponse }) },
    },
    async (request, reply) => {
      const run = await runById(workspace, request.params.id);
      if (run.files.length === 0) throw new HttpError(409, `run ${run.id} has no files to share (share a finished export or reconcile)`);
      const token = randomToken();
      const id = randomToken().slice(0, 22);
      const expiresAt = new Date(workspace.now().getTime() + request.body.days * 86_400_000).toISOString();
      await data.addShare({ id, runId: run.id, expiresAt, revokedAt: null }, tokenDigest(token));
      await request.audit('share.created', { book: run.bookId, target: shareTarget(id), after: { run: run.id, expiresAt } });
      // Never from the request's Host header: a forged one would make the link point elsewhere.
      return reply.code(201).send({ id, url: `${options.publicUrl?.replace(/\/+$/, '') ?? ''}/s/${token}`, expiresAt });
    },
  );

  app.get(
    '/api/runs/:id/shares',
    { config: { access: 'user' }, schema: { querystring: noQuery, params: idParams, response: responses({ 200: sharesResponse }) } },
    async (request) => await data.sharesOfRun((await runById(workspace, request.params.id)).id),
  );

  app.delete(
    '/api/shares/:id',
    { config: { access: 'staff' }, schema: { querystring: noQuery, params: shareParams, response: responses({ 200: okResponse }) } },
    async (request) => {
      const share = await data.getShare(request.params.id);
      if (share === undefined || !(await data.revokeShare(share.id, workspace.now().toISOString()))) throw notFound('share');
      await request.audit('share.revoked', {
        book: (await data.getRun(share.runId))?.bookId,
        target: shareTarget(share.id),
        after: { run: share.runId },
      });
      return { ok: true };
    },
  );

  app.get(
    '/api/shares/:id/downloads',
    { config: { access: 'user' }, schema: { querystring: noQuery, params: shareParams, response: responses({ 200: downloadsResponse }) } },
    async (request) => {
      if ((await data.getShare(request.params.id)) === undefined) throw notFound('share');
      return await data.shareDownloads(request.params.id);
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { tokenDigest } from '../../../workspace/secrets.js';
import type { Run, Share } from '../../../workspace/WorkspaceData.js';
import { notFound } from '../../HttpError.js';
import { sendRunFile, sendRunZip } from '../../runDownloads.js';
import { noQuery, notJson } from '../../schemas/common.js';
import { shareFileParams, tokenParams } from '../../schemas/shares.js';
import { sharePage } from '../../views/sharePage.js';

type TokenParams = { token: string };

/**
 * `/s/TOKEN`: one run's files without an account. A missing, expired or revoked share is a 404,
 * like any unknown address, and every download through a share is logged with its time and file.
 */
export async function shareLinkRoutes(app: FastifyInstance): Promise<void> {
  const { workspace } = app;
  const { data } = workspace;
  const shareOf = async (token: string): Promise<{ share: Share; run: Run }> => {
    const share = await data.shareByToken(tokenDigest(token));
    const now = workspace.now().toISOString();
    const run = share === undefined ? undefined : await data.getRun(share.runId);
    if (share === undefined || share.revokedAt !== null || share.expiresAt <= now || run === undefined) throw notFound('share');
    return { share, run };
  };
  const route = { config: { access: 'public' as const }, schema: { querystring: noQuery, params: tokenParams, response: notJson } };

  app.get<{ Params: TokenParams }>('/s/:token', route, async (request, reply) => {
    const { share, run } = await shareOf(request.params.token);
    return reply.type('text/html; charset=utf-8').send(sharePage({ token: request.params.token, share, run, book: (await data.getBook(run.bookId))?.data.name ?? '' }).text);
  });

  app.get<{ Params: TokenParams & { '*': string } }>('/s/:token/files/*', { ...route, schema: { ...route.schema, params: shareFileParams } }, async (request, reply) => {
    const { share, run } = await shareOf(request.params.token);
    const name = request.params['*'];
    const sent = sendRunFile(reply, workspace, run, name);
    await data.logShareDownload(share.id, name, workspace.now().toISOString());
    return sent;
  });

  app.get<{ Params: TokenParams }>('/s/:token/archive.zip', route, async (request, reply) => {
    const { share, run } = await shareOf(request.params.token);
    const sent = sendRunZip(reply, workspace, run);
    await data.logShareDownload(share.id, 'archive.zip', workspace.now().toISOString());
    return sent;
  });
}

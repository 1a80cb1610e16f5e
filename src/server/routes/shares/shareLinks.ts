import type { FastifyRequest } from 'fastify';
import { shareTarget } from '../../../workspace/AuditLog.js';
import { tokenDigest } from '../../../workspace/secrets.js';
import type { Run, Share } from '../../../workspace/WorkspaceData.js';
import { notFound } from '../../HttpError.js';
import { sendRunFile, sendRunZip } from '../../runDownloads.js';
import { noQuery, notJson } from '../../schemas/common.js';
import { shareFileParams, tokenParams } from '../../schemas/shares.js';
import { shareGonePage } from '../../views/shareGonePage.js';
import { sharePage } from '../../views/sharePage.js';
import { sendPage } from '../pages/sendPage.js';
import type { RouteApp } from '../RouteApp.js';

/**
 * `/s/TOKEN`: one run's files without an account. A missing, expired or revoked share is a 404: a page saying
 * which for the link itself, JSON for its downloads, and every download through a share is logged with its time and file.
 */
export async function shareLinkRoutes(app: RouteApp): Promise<void> {
  const { workspace } = app;
  const { data } = workspace;
  /** The share of a token and its run, or (`run` undefined) why it shows nothing: missing, revoked or expired. */
  const lookUp = async (token: string): Promise<{ share: Share | undefined; run: Run | undefined }> => {
    const share = await data.shareByToken(tokenDigest(token));
    const now = workspace.now().toISOString();
    const run = share === undefined ? undefined : await data.getRun(share.runId);
    if (share === undefined || share.revokedAt !== null || share.expiresAt <= now || run === undefined)
      return { share: run === undefined ? undefined : share, run: undefined };
    return { share, run };
  };
  const shareOf = async (token: string): Promise<{ share: Share; run: Run }> => {
    const { share, run } = await lookUp(token);
    if (share === undefined || run === undefined) throw notFound('share');
    return { share, run };
  };
  /** Each download through a share: in the share's own list and in the audit log. */
  const downloaded = async (request: FastifyRequest, share: Share, run: Run, file: string): Promise<void> => {
    await data.logShareDownload(share.id, file, workspace.now().toISOString());
    await request.audit('share.downloaded', { book: run.bookId, target: shareTarget(share.id), after: { run: run.id, file } });
  };
  const route = { config: { access: 'public' as const }, schema: { querystring: noQuery, params: tokenParams, response: notJson } };

  app.get('/s/:token', route, async (request, reply) => {
    const { share, run } = await lookUp(request.params.token);
    // The client opening a dead link reads a page saying so; the downloads below stay JSON 404s.
    if (share === undefined || run === undefined) return sendPage(reply.code(404), shareGonePage(share));
    return sendPage(reply, sharePage({ token: request.params.token, share, run, book: (await data.getBook(run.bookId))?.data.name ?? '' }));
  });

  const download = { ...route, config: { ...route.config, download: true as const } };
  app.get('/s/:token/files/*', { ...download, schema: { ...route.schema, params: shareFileParams } }, async (request, reply) => {
    const { share, run } = await shareOf(request.params.token);
    const name = request.params['*'];
    const sent = sendRunFile(reply, workspace, run, name);
    await downloaded(request, share, run, name);
    return sent;
  });

  app.get('/s/:token/archive.zip', download, async (request, reply) => {
    const { share, run } = await shareOf(request.params.token);
    const sent = sendRunZip(reply, workspace, run);
    await downloaded(request, share, run, 'archive.zip');
    return sent;
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tokenDigest } from '../workspace/secrets.js';
import type { Workspace } from '../workspace/Workspace.js';
import type { Run, Share } from '../workspace/WorkspaceData.js';
import { notFound } from './HttpError.js';
import { sendRunFile, sendRunZip } from './runDownloads.js';
import { sharePage } from './views/sharePage.js';

type TokenParams = { token: string };

/**
 * `/s/TOKEN`: one run's files without an account. A missing, expired or revoked share is a 404,
 * like any unknown address, and every download through a share is logged with its time and file.
 */
export function shareRoutes(app: FastifyInstance, workspace: Workspace): void {
  const { data } = workspace;
  const shareOf = async (request: FastifyRequest<{ Params: TokenParams }>): Promise<{ share: Share; run: Run }> => {
    const share = await data.shareByToken(tokenDigest(request.params.token));
    const now = workspace.now().toISOString();
    const run = share === undefined ? undefined : await data.getRun(share.runId);
    if (share === undefined || share.revokedAt !== null || share.expiresAt <= now || run === undefined) throw notFound('share');
    return { share, run };
  };

  app.get<{ Params: TokenParams }>('/s/:token', async (request, reply) => {
    const { share, run } = await shareOf(request);
    return reply.type('text/html; charset=utf-8').send(sharePage({ token: request.params.token, share, run, book: (await data.getBook(run.bookId))?.data.name ?? '' }).text);
  });

  app.get<{ Params: TokenParams & { '*': string } }>('/s/:token/files/*', async (request, reply) => {
    const { share, run } = await shareOf(request);
    const name = request.params['*'];
    const sent = sendRunFile(reply, workspace, run, name);
    await data.logShareDownload(share.id, name, workspace.now().toISOString());
    return sent;
  });

  app.get<{ Params: TokenParams }>('/s/:token/archive.zip', async (request, reply) => {
    const { share, run } = await shareOf(request);
    const sent = sendRunZip(reply, workspace, run);
    await data.logShareDownload(share.id, 'archive.zip', workspace.now().toISOString());
    return sent;
  });
}

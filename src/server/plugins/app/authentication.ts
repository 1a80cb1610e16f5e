import fp from 'fastify-plugin';
import { tokenDigest } from '../../../workspace/secrets.js';
import type { Authenticated } from '../../auth.js';
import { SESSION_COOKIE } from '../../auth.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: Authenticated | null;
  }
}

/**
 * Who is asking: a bearer token (scripts) or the session cookie (pages), looked up on every request to a route
 * of ours (not the static assets). Whether that is enough is the route's `access`, checked by `authorization`.
 */
export const authentication = fp(
  async (app) => {
    const { workspace } = app;
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config.access === undefined) return;
      const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (bearer !== undefined) {
        const user = await workspace.data.userByToken(tokenDigest(bearer));
        request.auth = user === undefined ? null : { user, via: 'bearer' };
        return;
      }
      const session = request.cookies[SESSION_COOKIE];
      if (session === undefined) return;
      const digest = tokenDigest(session);
      const user = await workspace.data.userBySession(digest, workspace.now().toISOString());
      request.auth = user === undefined ? null : { user, via: 'session', sessionDigest: digest };
    });
  },
  { name: 'authentication', dependencies: ['workspace', 'cookie'] },
);

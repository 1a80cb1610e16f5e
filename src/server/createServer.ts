import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import type { FastifyError, FastifyInstance } from 'fastify';
import path from 'node:path';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import { redact } from '../etherscan/redact.js';
import { packageRoot } from '../packageRoot.js';
import { tokenDigest } from '../workspace/secrets.js';
import type { Workspace } from '../workspace/Workspace.js';
import { apiRoutes } from './apiRoutes.js';
import { SESSION_COOKIE } from './auth.js';
import { HttpError } from './HttpError.js';
import { isDatabaseUnavailable } from '../db/postgres/DatabaseUnavailableError.js';
import { pageRoutes } from './pageRoutes.js';
import { shareRoutes } from './shareRoutes.js';

export interface ServerOptions {
  /** Behind a TLS-terminating proxy: trust its `X-Forwarded-*` and mark the session cookie `Secure`. */
  trustProxy?: boolean;
  publicUrl?: string;
  /** Login attempts per address per minute (default 10). */
  loginAttemptsPerMinute?: number;
  /** One redacted line per request error (the server's log). */
  log?: (line: string) => void;
}

/** Scripts only from this origin, no inline script or style, no framing, no referrer (share links carry their token). */
const SECURITY_HEADERS = {
  'content-security-policy': "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

/** The workspace's web app and JSON API on Fastify with its cookie, CSRF, rate-limit and static plugins. */
export async function createServer(workspace: Workspace, options: ServerOptions = {}): Promise<FastifyInstance> {
  // Stopping the server closes every connection, open event streams and unfinished downloads too: otherwise one
  // browser tab following a long run, or a client that never read a response to its end, holds the stop for
  // up to the keep-alive timeout (72 s). A client that loses a download asks again; a run goes on regardless.
  const app = Fastify({ trustProxy: options.trustProxy === true, logger: false, bodyLimit: 1024 * 1024, forceCloseConnections: true });
  await app.register(fastifyCookie);
  await app.register(fastifyCsrf, {
    sessionPlugin: '@fastify/cookie',
    cookieOpts: { httpOnly: true, sameSite: 'strict', path: '/', secure: options.trustProxy === true },
    getToken: (request) => request.headers['x-csrf-token'] as string | undefined,
  });
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyStatic, { root: path.join(packageRoot(), 'web'), prefix: '/assets/', index: false, list: false });

  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    void reply.headers(SECURITY_HEADERS);
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
  // A browser sends the session cookie by itself; a change it asks for must also carry the token only our pages hold.
  app.addHook('preHandler', (request, reply, done) => {
    if (request.auth?.via === 'session' && !['GET', 'HEAD', 'OPTIONS'].includes(request.method)) {
      app.csrfProtection(request, reply, done);
      return;
    }
    done();
  });

  app.setErrorHandler((error: FastifyError | LedgerscanError, request, reply) => {
    // The database restarting (distributed mode): 503, which a monitor and a script read as "try again shortly".
    const away = isDatabaseUnavailable(error);
    const status = error instanceof HttpError ? error.statusCode : away ? 503 : error instanceof LedgerscanError ? (error.kind === 'input' ? 400 : 500) : (error.statusCode ?? 500);
    const fix = error instanceof LedgerscanError ? error.details.fix : undefined;
    const text = error instanceof LedgerscanError ? `${error.shortMessage}${fix === undefined ? '' : ` (${fix})`}` : error.message;
    const message = away ? 'the database is unavailable (try again in a moment)' : status >= 500 ? 'internal error (see the server log)' : redact(text, workspace.api.apiKey);
    if (status >= 500) options.log?.(redact(`${request.method} ${request.url}: ${error.message}`, workspace.api.apiKey));
    const field = error instanceof HttpError ? error.field : error instanceof LedgerscanError ? (error.details.field as string | undefined) : undefined;
    return reply.code(status).send({ error: message, ...(field === undefined ? {} : { field }) });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'not found (check the address)' }));

  apiRoutes(app, {
    workspace,
    secureCookies: options.trustProxy === true,
    loginLimit: { max: options.loginAttemptsPerMinute ?? 10, timeWindow: 60_000 },
    ...(options.publicUrl === undefined ? {} : { publicUrl: options.publicUrl }),
  });
  shareRoutes(app, workspace);
  pageRoutes(app, workspace);
  return app;
}

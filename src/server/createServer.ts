import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Workspace } from '../workspace/Workspace.js';
import { LoginThrottle } from './LoginThrottle.js';
import { authentication } from './plugins/app/authentication.js';
import { auditTrail } from './plugins/app/auditTrail.js';
import { archivedBooks } from './plugins/app/archivedBooks.js';
import { authorization } from './plugins/app/authorization.js';
import { bookAccess } from './plugins/app/bookAccess.js';
import { errorHandler } from './plugins/app/errorHandler.js';
import { workspacePlugin } from './plugins/app/workspace.js';
import { cookie } from './plugins/external/cookie.js';
import { csrf } from './plugins/external/csrf.js';
import { securityHeaders } from './plugins/external/securityHeaders.js';
import { staticAssets } from './plugins/external/staticAssets.js';
import { routes } from './routes/index.js';

export interface ServerOptions {
  /** Behind a TLS-terminating proxy: trust its `X-Forwarded-*` and mark the cookies `Secure`. */
  trustProxy?: boolean;
  /** The origin share links start with (`--public-url`); without it a share link is a path. */
  publicUrl?: string;
  /** Failed logins per address per minute, and per account per 15 minutes (default 10). */
  loginAttemptsPerMinute?: number;
  /** One redacted line per request error (the server's log). */
  log?: (line: string) => void;
}

/**
 * The workspace's web app and JSON API on Fastify: third-party plugins (cookie, CSRF, static, security headers),
 * the app's own (the workspace, authentication, per-route authorization, the error handler), then the routes.
 */
export async function createServer(workspace: Workspace, options: ServerOptions = {}): Promise<FastifyInstance> {
  // Stopping the server closes every connection, open event streams and unfinished downloads too: otherwise one
  // browser tab following a long run, or a client that never read a response to its end, holds the stop for
  // up to the keep-alive timeout (72 s). A client that loses a download asks again; a run goes on regardless.
  const app = Fastify({ trustProxy: options.trustProxy === true, logger: false, bodyLimit: 1024 * 1024, forceCloseConnections: true });
  const secureCookies = options.trustProxy === true;
  const failures = options.loginAttemptsPerMinute ?? 10;
  const throttle = new LoginThrottle({ perAddress: failures, addressWindowMs: 60_000, perAccount: failures, accountWindowMs: 15 * 60_000 });

  await app.register(securityHeaders);
  await app.register(cookie);
  await app.register(csrf, { secureCookies });
  await app.register(staticAssets);
  await app.register(workspacePlugin, { workspace });
  await app.register(errorHandler, { log: options.log });
  await app.register(authentication);
  await app.register(authorization);
  await app.register(bookAccess);
  await app.register(archivedBooks);
  await app.register(auditTrail);
  await app.register(routes, { secureCookies, publicUrl: options.publicUrl, throttle });
  return app;
}

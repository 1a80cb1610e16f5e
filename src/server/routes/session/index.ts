import { userTarget } from '../../../workspace/AuditLog.js';
import { randomToken, tokenDigest } from '../../../workspace/secrets.js';
import { authOf, SESSION_COOKIE, SESSION_HOURS, sessionCookieOptions } from '../../auth.js';
import { HttpError } from '../../HttpError.js';
import type { LoginThrottle } from '../../LoginThrottle.js';
import { CSRF_COOKIE, csrfCookieOptions } from '../../plugins/external/csrf.js';
import { noQuery, okResponse, responses } from '../../schemas/common.js';
import { loginBody, loginResponse } from '../../schemas/session.js';
import { verifyLogin } from './verifyLogin.js';
import type { RouteApp } from '../RouteApp.js';

export interface SessionOptions {
  /** Whether the cookies get `Secure` (behind a TLS proxy, `--trust-proxy`). */
  secureCookies: boolean;
  throttle: LoginThrottle;
}

/** `POST /api/session` logs in (a session cookie and the CSRF token), `DELETE /api/session` logs out. */
export async function sessionRoutes(app: RouteApp, options: SessionOptions): Promise<void> {
  const { workspace } = app;
  const { throttle } = options;

  app.post(
    '/api/session',
    { config: { access: 'public' }, schema: { querystring: noQuery, body: loginBody, response: responses({ 200: loginResponse }) } },
    async (request, reply) => {
      const keys = throttle.keysOf(request.body.user, request.ip);
      const wait = throttle.blockedFor(keys);
      if (wait !== undefined) {
        void reply.header('retry-after', String(Math.ceil(wait / 1000)));
        throw new HttpError(429, `too many failed logins (try again in ${Math.ceil(wait / 1000)} s)`);
      }
      const user = await verifyLogin(workspace.data, request.body.user, request.body.password);
      if (user === undefined) {
        throttle.failed(keys);
        await request.audit('login.failed', { target: userTarget(request.body.user) });
        throw new HttpError(401, 'wrong user or password (ask an admin for an account: ledgerscan users add NAME)', 'password');
      }
      throttle.succeeded(keys);
      const session = randomToken();
      await workspace.data.addSession(
        user.id,
        tokenDigest(session),
        new Date(workspace.now().getTime() + SESSION_HOURS * 3600_000).toISOString(),
      );
      await request.audit('login', { actor: { id: user.id, name: user.name, via: 'session' }, target: userTarget(user.name) });
      void reply.setCookie(SESSION_COOKIE, session, { ...sessionCookieOptions(options.secureCookies), maxAge: SESSION_HOURS * 3600 });
      return { csrfToken: reply.generateCsrf(), user: { name: user.name, role: user.role } };
    },
  );

  app.delete(
    '/api/session',
    { config: { access: 'user', book: 'none' }, schema: { querystring: noQuery, response: responses({ 200: okResponse }) } },
    async (request, reply) => {
      const { sessionDigest, user } = authOf(request);
      if (sessionDigest !== undefined) await workspace.data.removeSession(sessionDigest);
      await request.audit('logout', { target: userTarget(user.name) });
      void reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(options.secureCookies));
      void reply.clearCookie(CSRF_COOKIE, csrfCookieOptions(options.secureCookies));
      return { ok: true };
    },
  );
}

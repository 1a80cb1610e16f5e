import { userTarget } from '../../../workspace/AuditLog.js';
import { checkNewPassword } from '../../../workspace/newPassword.js';
import { hashPassword } from '../../../workspace/secrets.js';
import { authOf } from '../../auth.js';
import { HttpError } from '../../HttpError.js';
import type { LoginThrottle } from '../../LoginThrottle.js';
import { noQuery, responses } from '../../schemas/common.js';
import { ownPasswordBody, passwordSetResponse } from '../../schemas/users.js';
import { verifyLogin } from '../session/verifyLogin.js';
import type { RouteApp } from '../RouteApp.js';

/**
 * `PUT /api/me/password`: any user changes their own password, giving the current one (a wrong one counts as a
 * failed login, through the same throttle). Every other session of theirs ends; the one that asked stays.
 */
export async function ownPasswordRoutes(app: RouteApp, options: { throttle: LoginThrottle }): Promise<void> {
  const { data } = app.workspace;
  const { throttle } = options;

  app.put(
    '/api/me/password',
    {
      config: { access: 'user', book: 'none' },
      schema: { querystring: noQuery, body: ownPasswordBody, response: responses({ 200: passwordSetResponse }) },
    },
    async (request, reply) => {
      const { user, sessionDigest } = authOf(request);
      const keys = throttle.keysOf(user.name, request.ip);
      const wait = throttle.blockedFor(keys);
      if (wait !== undefined) {
        void reply.header('retry-after', String(Math.ceil(wait / 1000)));
        throw new HttpError(429, `too many wrong passwords (try again in ${Math.ceil(wait / 1000)} s)`);
      }
      if ((await verifyLogin(data, user.name, request.body.current)) === undefined) {
        throttle.failed(keys);
        throw new HttpError(400, 'the current password is wrong', 'current');
      }
      throttle.succeeded(keys);
      const sessionsEnded = await data.setPassword(user.id, await hashPassword(checkNewPassword(request.body.password)), sessionDigest);
      await request.audit('user.password_changed', { target: userTarget(user.name), after: { sessionsEnded } });
      return { ok: true, sessionsEnded };
    },
  );
}

import { userTarget } from '../../../workspace/AuditLog.js';
import { cleanText } from '../../../workspace/cleanText.js';
import { checkNewPassword } from '../../../workspace/newPassword.js';
import { hashPassword } from '../../../workspace/secrets.js';
import type { User } from '../../../workspace/WorkspaceData.js';
import { notFound } from '../../HttpError.js';
import { idParams, noQuery, okResponse, responses } from '../../schemas/common.js';
import { newUserBody, passwordSetResponse, resetBody, roleBody, userListResponse, userResponse } from '../../schemas/users.js';
import type { RouteApp } from '../RouteApp.js';

/**
 * `/api/users`, admins only: list, add, change a role, reset a password (every session of that user ends), remove.
 * The workspace keeps an admin: demoting or removing the last one is refused. Every change is audited.
 */
export async function userRoutes(app: RouteApp): Promise<void> {
  const { data } = app.workspace;
  const one = { querystring: noQuery, params: idParams };
  const userOf = async (id: string): Promise<User> => {
    const user = await data.userById(Number(id));
    if (user === undefined) throw notFound('user');
    return user;
  };

  app.get(
    '/api/users',
    { config: { access: 'admin' }, schema: { querystring: noQuery, response: responses({ 200: userListResponse }) } },
    async () => data.listUsers(),
  );

  app.post(
    '/api/users',
    { config: { access: 'admin' }, schema: { querystring: noQuery, body: newUserBody, response: responses({ 201: userResponse }) } },
    async (request, reply) => {
      const name = cleanText(request.body.name, 'name') as string;
      const user = await data.addUser(name, request.body.role, await hashPassword(checkNewPassword(request.body.password)));
      await request.audit('user.created', { target: userTarget(user.name), after: { name: user.name, role: user.role } });
      return reply.code(201).send(user);
    },
  );

  app.patch(
    '/api/users/:id',
    { config: { access: 'admin' }, schema: { ...one, body: roleBody, response: responses({ 200: userResponse }) } },
    async (request) => {
      const before = await userOf(request.params.id);
      const user = await data.setRole(before.id, request.body.role);
      if (user === undefined) throw notFound('user');
      await request.audit('user.role_changed', {
        target: userTarget(user.name),
        before: { role: before.role },
        after: { role: user.role },
      });
      return user;
    },
  );

  app.put(
    '/api/users/:id/password',
    { config: { access: 'admin' }, schema: { ...one, body: resetBody, response: responses({ 200: passwordSetResponse }) } },
    async (request) => {
      const user = await userOf(request.params.id);
      const sessionsEnded = await data.setPassword(user.id, await hashPassword(checkNewPassword(request.body.password)));
      await request.audit('user.password_reset', { target: userTarget(user.name), after: { sessionsEnded } });
      return { ok: true, sessionsEnded };
    },
  );

  app.delete(
    '/api/users/:id',
    { config: { access: 'admin' }, schema: { ...one, response: responses({ 200: okResponse }) } },
    async (request) => {
      const user = await userOf(request.params.id);
      if (!(await data.removeUser(user.name))) throw notFound('user');
      await request.audit('user.removed', { target: userTarget(user.name), before: { name: user.name, role: user.role } });
      return { ok: true };
    },
  );
}

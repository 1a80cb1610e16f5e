import { authOf } from '../../auth.js';
import { auditPage } from '../../auditPage.js';
import { auditQuery } from '../../schemas/audit.js';
import { noQuery, notJson } from '../../schemas/common.js';
import { auditLogPage } from '../../views/auditLogPage.js';
import { passwordPage } from '../../views/passwordPage.js';
import { usersPage } from '../../views/usersPage.js';
import { sendPage } from './sendPage.js';
import type { RouteApp } from '../RouteApp.js';

/** The pages about accounts: one's own password (anyone), the users and the audit log (admins). */
export async function accountPageRoutes(app: RouteApp): Promise<void> {
  const { workspace } = app;
  const { data } = workspace;

  app.get(
    '/account',
    { config: { access: 'user', book: 'none' }, schema: { querystring: noQuery, response: notJson } },
    async (request, reply) => sendPage(reply, passwordPage({ user: authOf(request).user, csrfToken: reply.generateCsrf() })),
  );

  app.get('/users', { config: { access: 'admin' }, schema: { querystring: noQuery, response: notJson } }, async (request, reply) =>
    sendPage(reply, usersPage({ user: authOf(request).user, csrfToken: reply.generateCsrf(), users: await data.listUsers() })),
  );

  app.get('/audit', { config: { access: 'admin' }, schema: { querystring: auditQuery, response: notJson } }, async (request, reply) => {
    const { entries, next } = await auditPage(workspace, request.query);
    const books = [...(await data.listBooks()), ...(await data.listBooks(true))].sort((a, b) => a.id - b.id);
    return sendPage(
      reply,
      auditLogPage({
        user: authOf(request).user,
        csrfToken: reply.generateCsrf(),
        query: request.query,
        entries,
        next,
        books,
        users: await data.listUsers(),
      }),
    );
  });
}

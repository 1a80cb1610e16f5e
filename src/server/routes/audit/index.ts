import { auditPage } from '../../auditPage.js';
import { auditQuery, auditResponse } from '../../schemas/audit.js';
import { responses } from '../../schemas/common.js';
import type { RouteApp } from '../RouteApp.js';

/**
 * `GET /api/audit?book=&user=&action=&from=&to=&cursor=&limit=`: the audit log, newest first, admins only (it
 * names who logged in, failed to, and changed what). The next page's address is in the `Link` header
 * (`rel="next"`). There is no route that changes or removes an entry.
 */
export async function auditRoutes(app: RouteApp): Promise<void> {
  const { workspace } = app;
  app.get(
    '/api/audit',
    { config: { access: 'admin' }, schema: { querystring: auditQuery, response: responses({ 200: auditResponse }) } },
    async (request, reply) => {
      const { entries, next } = await auditPage(workspace, request.query);
      if (next !== null) void reply.header('link', `</api/audit?${next.toString()}>; rel="next"`);
      return entries;
    },
  );
}

import { seesOnlyAssignedBooks } from '../../../workspace/Accounts.js';
import { authOf } from '../../auth.js';
import { idParams, noQuery, notJson } from '../../schemas/common.js';
import { bookStaffPage } from '../../views/bookStaffPage.js';
import { bookById } from '../lookups.js';
import { sendPage } from './sendPage.js';
import type { RouteApp } from '../RouteApp.js';

/** `/books/:id/staff` (admins): the book's staff and clients, ticked from every staff and client user. */
export async function staffPageRoutes(app: RouteApp): Promise<void> {
  const { workspace } = app;
  const { data } = workspace;
  app.get(
    '/books/:id/staff',
    { config: { access: 'admin' }, schema: { querystring: noQuery, params: idParams, response: notJson } },
    async (request, reply) => {
      const book = await bookById(workspace, request.params.id);
      const [assigned, users] = await Promise.all([data.bookStaff(book.id), data.listUsers()]);
      const candidates = users.filter(seesOnlyAssignedBooks);
      return sendPage(reply, bookStaffPage({ user: authOf(request).user, csrfToken: reply.generateCsrf(), book, assigned, candidates }));
    },
  );
}

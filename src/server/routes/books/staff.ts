import { seesOnlyAssignedBooks } from '../../../workspace/Accounts.js';
import { bookTarget } from '../../../workspace/AuditLog.js';
import type { User } from '../../../workspace/WorkspaceData.js';
import { HttpError } from '../../HttpError.js';
import { idParams, noQuery, responses } from '../../schemas/common.js';
import { bookStaffBody, bookStaffResponse } from '../../schemas/users.js';
import { bookById } from '../lookups.js';
import type { RouteApp } from '../RouteApp.js';

/** `/api/books/:id/staff`: who, besides the admins and viewers, sees the book (its staff and its clients); admins assign. */
export async function bookStaffRoutes(app: RouteApp): Promise<void> {
  const { workspace } = app;
  const { data } = workspace;
  const one = { querystring: noQuery, params: idParams };

  app.get(
    '/api/books/:id/staff',
    { config: { access: 'admin' }, schema: { ...one, response: responses({ 200: bookStaffResponse }) } },
    async (request) => ({ users: await data.bookStaff((await bookById(workspace, request.params.id)).id) }),
  );

  app.put(
    '/api/books/:id/staff',
    { config: { access: 'admin' }, schema: { ...one, body: bookStaffBody, response: responses({ 200: bookStaffResponse }) } },
    async (request) => {
      const { id } = await bookById(workspace, request.params.id);
      const users: User[] = [];
      for (const name of new Set(request.body.users)) {
        const user = await data.findUser(name);
        if (user === undefined) throw new HttpError(400, `users: no user ${JSON.stringify(name)} (see GET /api/users)`, 'users');
        if (!seesOnlyAssignedBooks(user))
          throw new HttpError(400, `users: ${name} is a ${user.role}, who sees every book already (assign staff or client users)`, 'users');
        users.push({ id: user.id, name: user.name, role: user.role });
      }
      const before = await data.bookStaff(id);
      await data.setBookStaff(
        id,
        users.map((user) => user.id),
      );
      const after = await data.bookStaff(id);
      await request.audit('book.staff_changed', {
        book: id,
        target: bookTarget(id),
        before: before.map((user) => user.name),
        after: after.map((user) => user.name),
      });
      return { users: after };
    },
  );
}

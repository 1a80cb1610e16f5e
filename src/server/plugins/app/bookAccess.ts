import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { seesOnlyAssignedBooks } from '../../../workspace/Accounts.js';
import { notFound } from '../../HttpError.js';
import { bookOfScope, bookScopeOf } from '../../routeBook.js';

/**
 * Staff and clients reach only the books assigned to them. Every route whose path names a book, a run or a share
 * (`routeBook.ts`) passes here before its body is read: the book it belongs to is looked up and, unless assigned,
 * the answer is the route's own 404 — the same for a book that exists as for one that does not, so an id tells
 * nothing. A new route under those paths is covered without a line of its own; one elsewhere must declare
 * `config.book` (`routes/index.ts` refuses to start otherwise).
 */
export const bookAccess = fp(
  async (app) => {
    const { data } = app.workspace;
    app.addHook('onRequest', async (request: FastifyRequest) => {
      if (request.auth === null || !seesOnlyAssignedBooks(request.auth.user)) return;
      const scope = bookScopeOf(request.routeOptions.url ?? '');
      if (scope === undefined) return;
      const [bookId, assigned] = await Promise.all([
        bookOfScope(data, scope, (request.params as { id?: string } | undefined)?.id ?? ''),
        data.booksOfUser(request.auth.user.id),
      ]);
      if (bookId === undefined || !assigned.includes(bookId)) throw notFound(scope);
    });
  },
  { name: 'book-access', dependencies: ['workspace', 'authentication', 'authorization'] },
);

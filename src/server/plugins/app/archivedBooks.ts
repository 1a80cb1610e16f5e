import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../../HttpError.js';
import { bookOfScope, bookScopeOf } from '../../routeBook.js';

/**
 * An archived book (it has closed periods, so it is never deleted) stays downloadable by admins only: for anyone
 * else it and its runs and shares are gone (404), whichever route names them. One hook, so a new route under
 * `/books/:id`, `/runs/:id` or `/api/shares/:id` is covered without a line of its own.
 */
export const archivedBooks = fp(
  async (app) => {
    const { data } = app.workspace;
    app.addHook('preHandler', async (request: FastifyRequest) => {
      if (request.auth === null || request.auth.user.role === 'admin') return;
      const scope = bookScopeOf(request.routeOptions.url ?? '');
      if (scope === undefined) return;
      const bookId = await bookOfScope(data, scope, (request.params as { id?: string } | undefined)?.id ?? '');
      if (bookId === undefined) return;
      const book = await data.getBook(bookId);
      if (book !== undefined && book.archivedAt !== null) throw notFound(scope);
    });
  },
  { name: 'archived-books', dependencies: ['workspace', 'authentication'] },
);

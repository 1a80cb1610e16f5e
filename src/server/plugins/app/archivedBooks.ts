import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../../HttpError.js';

/** The resource a route's `:id` names, by where the route lives: `/books/:id…` a book, `/runs/:id…` a run. */
const BOOK_ROUTE = /^(\/api)?\/books\/:id(\/|$)/;
const RUN_ROUTE = /^(\/api)?\/runs\/:id(\/|$)/;

/**
 * An archived book (it has closed periods, so it is never deleted) stays downloadable by admins only: for anyone
 * else it and its runs are gone (404), whichever route names them. One hook, so a new route under `/books/:id` or
 * `/runs/:id` is covered without a line of its own.
 */
export const archivedBooks = fp(
  async (app) => {
    const { data } = app.workspace;
    app.addHook('preHandler', async (request: FastifyRequest) => {
      if (request.auth === null || request.auth.user.role === 'admin') return;
      const route = request.routeOptions.url ?? '';
      const id = Number((request.params as { id?: string } | undefined)?.id);
      if (!Number.isSafeInteger(id)) return;
      const bookId = BOOK_ROUTE.test(route) ? id : RUN_ROUTE.test(route) ? (await data.getRun(id))?.bookId : undefined;
      if (bookId === undefined) return;
      const book = await data.getBook(bookId);
      if (book !== undefined && book.archivedAt !== null) throw notFound(BOOK_ROUTE.test(route) ? 'book' : 'run');
    });
  },
  { name: 'archived-books', dependencies: ['workspace', 'authentication'] },
);

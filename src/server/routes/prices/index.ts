import { authOf } from '../../auth.js';
import { notFound } from '../../HttpError.js';
import { idParams, noQuery, okResponse, responses } from '../../schemas/common.js';
import { priceAddedResponse, priceBody, priceListResponse, priceParams } from '../../schemas/prices.js';
import { priceTarget } from '../../../workspace/AuditLog.js';
import { sourcePriceWarnings } from '../../../workspace/sourcePriceWarnings.js';
import { bookById } from '../lookups.js';
import type { RouteApp } from '../RouteApp.js';

/** `/api/books/:id/prices`: a book's manual prices (README, "Manual prices"), its next runs' price file; everyone who sees the book reads, admins and its staff change. */
export async function priceRoutes(app: RouteApp): Promise<void> {
  const { workspace } = app;

  app.get(
    '/api/books/:id/prices',
    { config: { access: 'user' }, schema: { querystring: noQuery, params: idParams, response: responses({ 200: priceListResponse }) } },
    async (request) => workspace.data.bookPrices((await bookById(workspace, request.params.id)).id),
  );

  app.post(
    '/api/books/:id/prices',
    {
      config: { access: 'staff' },
      schema: { querystring: noQuery, params: idParams, body: priceBody, response: responses({ 201: priceAddedResponse }) },
    },
    async (request, reply) => {
      const book = await bookById(workspace, request.params.id);
      const added = await workspace.addBookPrice(book.id, request.body, authOf(request).user.name);
      if (added === undefined) throw notFound('book');
      await request.audit('price.added', { book: book.id, target: priceTarget(added.id), after: added });
      return reply.code(201).send({ ...added, warnings: await sourcePriceWarnings(workspace, book, added, request.body.warnFactor) });
    },
  );

  app.delete(
    '/api/books/:id/prices/:priceId',
    { config: { access: 'staff' }, schema: { querystring: noQuery, params: priceParams, response: responses({ 200: okResponse }) } },
    async (request) => {
      const book = await bookById(workspace, request.params.id);
      const priceId = Number(request.params.priceId);
      const before = (await workspace.data.bookPrices(book.id)).find((price) => price.id === priceId);
      if (before === undefined || !(await workspace.removeBookPrice(book.id, priceId))) throw notFound('price');
      await request.audit('price.removed', { book: book.id, target: priceTarget(priceId), before });
      return { ok: true };
    },
  );
}

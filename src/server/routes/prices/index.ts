import { authOf } from '../../auth.js';
import { notFound } from '../../HttpError.js';
import { idParams, noQuery, okResponse, responses } from '../../schemas/common.js';
import { priceAddedResponse, priceBody, priceListResponse, priceParams, priceSeriesResponse } from '../../schemas/prices.js';
import { Type } from 'typebox';
import { priceTarget } from '../../../workspace/AuditLog.js';
import { sourcePriceWarnings } from '../../../workspace/sourcePriceWarnings.js';
import { bookById } from '../lookups.js';
import type { RouteApp } from '../RouteApp.js';

/** `/api/books/:id/prices`: a book's manual prices (README, "Manual prices"), its next runs' price file; everyone who sees the book reads, admins and its staff change. */
export async function priceRoutes(app: RouteApp): Promise<void> {
  const { workspace } = app;
  // A pasted or uploaded series may come as the file itself; it is then the series body's `csv`.
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) => done(null, { csv: body }));

  app.get(
    '/api/books/:id/prices',
    { config: { access: 'user' }, schema: { querystring: noQuery, params: idParams, response: responses({ 200: priceListResponse }) } },
    async (request) => workspace.data.bookPrices((await bookById(workspace, request.params.id)).id),
  );

  app.post(
    '/api/books/:id/prices',
    {
      config: { access: 'staff' },
      schema: {
        querystring: noQuery,
        params: idParams,
        body: priceBody,
        response: responses({ 201: Type.Union([priceAddedResponse, priceSeriesResponse]) }),
      },
    },
    async (request, reply) => {
      const book = await bookById(workspace, request.params.id);
      const { body } = request;
      const added = await workspace.addBookPrices(book.id, body, authOf(request).user.name);
      if (added === undefined) throw notFound('book');
      const warnings = await sourcePriceWarnings(workspace, book, added, body.warnFactor);
      const [one] = added;
      if ('csv' in body || one === undefined) {
        // One audit line per upload: its row count and the ids it made, the prices themselves listed by the book.
        const ids = added.map((price) => price.id);
        await request.audit('price.added', { book: book.id, target: priceTarget(ids[0] ?? 0), after: { rows: added.length, ids } });
        return reply.code(201).send({ rows: added.length, warnings });
      }
      await request.audit('price.added', { book: book.id, target: priceTarget(one.id), after: one });
      return reply.code(201).send({ ...one, warnings });
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

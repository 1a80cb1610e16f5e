import { authOf } from '../../auth.js';
import { notFound } from '../../HttpError.js';
import { openingLotTarget } from '../../../workspace/AuditLog.js';
import { checkOpeningLot } from '../../../workspace/checkOpeningLot.js';
import { disposalTrail, gainsView } from '../../gainsView.js';
import { bookGains, trailJson } from '../../bookGains.js';
import { idParams, noQuery, okResponse, responses } from '../../schemas/common.js';
import {
  gainParams,
  gainsQuery,
  gainsResponse,
  openingLotBody,
  openingLotJson,
  openingLotListResponse,
  openingLotParams,
  trailQuery,
  trailResponse,
} from '../../schemas/gains.js';
import { bookById } from '../lookups.js';
import type { RouteApp } from '../RouteApp.js';

/**
 * `/api/books/:id/gains`: the gains of the book's newest export that computed cost basis (or the run asked for),
 * totalled and paged under the transactions table's filters, each disposal's lot trail, and the book's opening lots
 * (everyone who sees the book reads; admins and its staff add and remove, audited).
 */
export async function gainsRoutes(app: RouteApp): Promise<void> {
  const { workspace } = app;

  app.get(
    '/api/books/:id/gains',
    { config: { access: 'user' }, schema: { querystring: gainsQuery, params: idParams, response: responses({ 200: gainsResponse }) } },
    async (request) => {
      const book = await bookById(workspace, request.params.id);
      const gains = await bookGains(workspace, book.id, request.query.run);
      if (gains === undefined) throw notFound('export with cost basis');
      const { review, runJson } = gains;
      const issues = review.issues.map(({ entryId, issue, quantity, detail }) => ({ entryId, issue, quantity, detail }));
      return { run: runJson, ...gainsView(review, request.query, book), issues };
    },
  );

  app.get(
    '/api/books/:id/gains/:entryId',
    { config: { access: 'user' }, schema: { querystring: trailQuery, params: gainParams, response: responses({ 200: trailResponse }) } },
    async (request) => {
      const book = await bookById(workspace, request.params.id);
      const gains = await bookGains(workspace, book.id, request.query.run);
      const trail = gains === undefined ? undefined : disposalTrail(gains.review, request.params.entryId);
      if (gains === undefined || trail === undefined) throw notFound('disposal');
      return { run: gains.runJson, ...trailJson(request.params.entryId, trail, gains.review.currency) };
    },
  );

  app.get(
    '/api/books/:id/opening-lots',
    {
      config: { access: 'user' },
      schema: { querystring: noQuery, params: idParams, response: responses({ 200: openingLotListResponse }) },
    },
    async (request) => workspace.data.bookOpeningLots((await bookById(workspace, request.params.id)).id),
  );

  app.post(
    '/api/books/:id/opening-lots',
    {
      config: { access: 'staff' },
      schema: { querystring: noQuery, params: idParams, body: openingLotBody, response: responses({ 201: openingLotJson }) },
    },
    async (request, reply) => {
      const book = await bookById(workspace, request.params.id);
      const lot = checkOpeningLot(request.body, book, await workspace.data.bookOpeningLots(book.id), workspace.api);
      const added = await workspace.data.addBookOpeningLot(book.id, {
        ...lot,
        author: authOf(request).user.name,
        created: workspace.now().toISOString(),
      });
      await request.audit('lot.added', { book: book.id, target: openingLotTarget(added.id), after: added });
      return reply.code(201).send(added);
    },
  );

  app.delete(
    '/api/books/:id/opening-lots/:lotId',
    { config: { access: 'staff' }, schema: { querystring: noQuery, params: openingLotParams, response: responses({ 200: okResponse }) } },
    async (request) => {
      const book = await bookById(workspace, request.params.id);
      const id = Number(request.params.lotId);
      const before = (await workspace.data.bookOpeningLots(book.id)).find((lot) => lot.id === id);
      if (before === undefined || !(await workspace.data.removeBookOpeningLot(book.id, id))) throw notFound('opening lot');
      await request.audit('lot.removed', { book: book.id, target: openingLotTarget(id), before });
      return { ok: true };
    },
  );
}

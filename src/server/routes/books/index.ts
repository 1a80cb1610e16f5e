import { authOf } from '../../auth.js';
import { bookTarget, runTarget } from '../../../workspace/AuditLog.js';
import { runJson, bookJson } from '../../runJson.js';
import { notFound } from '../../HttpError.js';
import {
  bookBody,
  bookListQuery as bookListSchema,
  bookListResponse,
  bookRemovedResponse,
  bookResponse,
  scheduleResponse,
  schedulesBody,
} from '../../schemas/books.js';
import { idParams, noQuery, okResponse, responses } from '../../schemas/common.js';
import { runListResponse, runRequestBody, runStartedResponse } from '../../schemas/runs.js';
import { bookListLink, bookListQuery, figureLinks, runFigures } from '../../bookDashboard.js';
import { bookById } from '../lookups.js';
import { RECONCILE_STATES } from '../../../workspace/bookListOrder.js';
import { emptyBookList } from '../../../workspace/listBooks.js';
import type { RouteApp } from '../RouteApp.js';

/** `/api/books`: list (a page, its total and neighbours in headers), create, read, change, delete; a book's runs (history, start one) and its schedules. */
export async function bookRoutes(app: RouteApp): Promise<void> {
  const { workspace } = app;
  const { data } = workspace;
  const one = { querystring: noQuery, params: idParams };

  app.get(
    '/api/books',
    {
      config: { access: 'user', book: 'filtered' },
      schema: { querystring: bookListSchema, response: responses({ 200: bookListResponse }) },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      const { limit, archived } = request.query;
      // Archived books are the admins' (their filed periods kept for them): anyone else's list of them is empty.
      const page =
        archived === true && user.role !== 'admin'
          ? emptyBookList()
          : await workspace.bookList(bookListQuery(user, request.query, limit, archived === true));
      const at = request.query.page ?? 1;
      const link = (to: number, rel: string): string =>
        `</api/books?${bookListLink(request.query, to, { limit: String(limit), ...(archived === true ? { archived: 'true' } : {}) })}>; rel="${rel}"`;
      const links = [...(at * limit < page.total ? [link(at + 1, 'next')] : []), ...(at > 1 ? [link(at - 1, 'prev')] : [])];
      void reply.header('x-total-count', String(page.total));
      // The books the filter lets through by their last reconcile, whatever `status` asked: the front page's counts,
      // as an RFC 8941 dictionary so a client reads them without a second request.
      void reply.header('x-reconcile-counts', RECONCILE_STATES.map((state) => `${state}=${page.statuses[state]}`).join(', '));
      if (links.length > 0) void reply.header('link', links.join(', '));
      return page.books.map(({ book, runs, period, figures }) => {
        const kept = runFigures(runs);
        return {
          ...bookJson(book, runs),
          review: figures.review,
          period: period ?? null,
          flags: {
            missingPrice: figures.missingPrice,
            unclassifiedTransfers: figures.unclassified,
            unmatchedBridges: figures.unmatchedBridges,
            basisIssues: kept.basisIssues?.count ?? null,
          },
          holdings: kept.holdings ?? null,
          links: { ...figureLinks(book.id) },
        };
      });
    },
  );

  app.post(
    '/api/books',
    { config: { access: 'admin' }, schema: { querystring: noQuery, body: bookBody, response: responses({ 201: bookResponse }) } },
    async (request, reply) => {
      const book = await workspace.addBook(request.body);
      await request.audit('book.created', { book: book.id, target: bookTarget(book.id), after: book.data });
      return reply.code(201).send({ ...bookJson(book, []), warnings: await workspace.nameWarnings(book) });
    },
  );

  app.get(
    '/api/books/:id',
    { config: { access: 'user' }, schema: { ...one, response: responses({ 200: bookResponse }) } },
    async (request) => {
      const book = await bookById(workspace, request.params.id);
      return bookJson(book, await data.runsOfBook(book.id));
    },
  );

  app.patch(
    '/api/books/:id',
    { config: { access: 'admin' }, schema: { ...one, body: bookBody, response: responses({ 200: bookResponse }) } },
    async (request) => {
      const before = await bookById(workspace, request.params.id);
      const book = await workspace.updateBook(before.id, request.body);
      if (book === undefined) throw notFound('book');
      await request.audit('book.edited', { book: book.id, target: bookTarget(book.id), before: before.data, after: book.data });
      // The settings every gain depends on get an entry of their own, old → new (null: cost basis off).
      const [oldBasis, newBasis] = [before.data.costBasis ?? null, book.data.costBasis ?? null];
      if (JSON.stringify(oldBasis) !== JSON.stringify(newBasis))
        await request.audit('book.cost_basis_changed', { book: book.id, target: bookTarget(book.id), before: oldBasis, after: newBasis });
      return { ...bookJson(book, await data.runsOfBook(book.id)), warnings: await workspace.nameWarnings(book) };
    },
  );

  app.delete(
    '/api/books/:id',
    { config: { access: 'admin' }, schema: { ...one, response: responses({ 200: bookRemovedResponse }) } },
    async (request) => {
      const book = await bookById(workspace, request.params.id);
      const outcome = await workspace.removeBook(book.id);
      if (outcome === undefined) throw notFound('book');
      await request.audit(outcome === 'archived' ? 'book.archived' : 'book.deleted', {
        book: book.id,
        target: bookTarget(book.id),
        before: book.data,
      });
      return { ok: true, outcome };
    },
  );

  app.post(
    '/api/books/:id/restore',
    { config: { access: 'admin' }, schema: { ...one, response: responses({ 200: okResponse }) } },
    async (request) => {
      const book = await bookById(workspace, request.params.id);
      if (!(await workspace.restoreBook(book.id))) throw notFound('book');
      await request.audit('book.restored', { book: book.id, target: bookTarget(book.id) });
      return { ok: true };
    },
  );

  app.get(
    '/api/books/:id/runs',
    { config: { access: 'user' }, schema: { ...one, response: responses({ 200: runListResponse }) } },
    async (request) => (await data.runsOfBook((await bookById(workspace, request.params.id)).id)).map(runJson),
  );

  app.post(
    '/api/books/:id/runs',
    { config: { access: 'staff' }, schema: { ...one, body: runRequestBody, response: responses({ 202: runStartedResponse }) } },
    async (request, reply) => {
      const run = await workspace.startRun((await bookById(workspace, request.params.id)).id, request.body);
      if (run === undefined) throw notFound('book');
      await request.audit('run.started', { book: run.bookId, target: runTarget(run.id), after: run.request });
      return reply.code(202).send({ id: run.id });
    },
  );

  app.get(
    '/api/books/:id/schedules',
    { config: { access: 'user' }, schema: { ...one, response: responses({ 200: scheduleResponse }) } },
    async (request) => data.schedules((await bookById(workspace, request.params.id)).id),
  );

  app.put(
    '/api/books/:id/schedules',
    { config: { access: 'staff' }, schema: { ...one, body: schedulesBody, response: responses({ 200: scheduleResponse }) } },
    async (request) => {
      const { id } = await bookById(workspace, request.params.id);
      const before = await data.schedules(id);
      const after = await workspace.setSchedules(id, request.body);
      await request.audit('schedules.changed', { book: id, target: bookTarget(id), before, after });
      return after;
    },
  );
}

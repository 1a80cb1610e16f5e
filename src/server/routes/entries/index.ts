import type { Static } from 'typebox';
import { bookSettings } from '../../../workspace/entries/bookSettings.js';
import { addEntryNote, setEntryReview } from '../../../workspace/entries/entryChanges.js';
import { authOf } from '../../auth.js';
import { entriesCsv, entryJson } from '../../entryJson.js';
import { cursorText, entryFilter } from '../../entryFilter.js';
import { entryTarget } from '../../../workspace/AuditLog.js';
import { HttpError, notFound } from '../../HttpError.js';
import { bookChildParams, idParams, noQuery, notJson, responses } from '../../schemas/common.js';
import {
  bulkReviewBody,
  bulkReviewResponse,
  entriesQuery,
  entriesResponse,
  entryParams,
  noteBody,
  noteResponse,
  refreshResponse,
  reviewBody,
  reviewResponse,
  totalsResponse,
  undoResponse,
} from '../../schemas/entries.js';
import { bookById } from '../lookups.js';
import type { RouteApp } from '../RouteApp.js';

/**
 * A book's transactions table (`/api/books/:id/entries`): pages of the filtered view, its totals, its CSV, a refresh
 * from the store; an entry's notes and review status (admins and the book's staff).
 */
export async function entryRoutes(app: RouteApp): Promise<void> {
  const { workspace } = app;
  const { entries } = workspace;
  const filtered = { querystring: entriesQuery, params: idParams };

  app.get(
    '/api/books/:id/entries',
    { config: { access: 'user' }, schema: { ...filtered, response: responses({ 200: entriesResponse }) } },
    async (request) => {
      const book = await bookById(workspace, request.params.id);
      const { filter, cursor, limit } = entryFilter(request.query, book);
      const page = await entries.page(book.id, filter, cursor, limit);
      return {
        entries: page.entries.map(entryJson),
        next: cursorText(page.next),
        previous: cursorText(page.previous),
        total: page.total,
        refreshedAt: page.refreshedAt,
        // Built from other book settings than the book's: a refresh is on its way (a changed currency's values are still the old ones).
        stale: page.settings !== '' && page.settings !== bookSettings(book.data),
      };
    },
  );

  app.get(
    '/api/books/:id/entries/totals',
    { config: { access: 'user' }, schema: { ...filtered, response: responses({ 200: totalsResponse }) } },
    async (request) => {
      const book = await bookById(workspace, request.params.id);
      const { filter } = entryFilter(request.query, book);
      const totals = await entries.totals(book.id, filter);
      return { total: totals.assets.reduce((sum, asset) => sum + asset.entries, 0), ...totals };
    },
  );

  app.get(
    '/api/books/:id/entries.csv',
    { config: { access: 'user' }, schema: { ...filtered, response: notJson } },
    async (request, reply) => {
      const book = await bookById(workspace, request.params.id);
      const { filter } = entryFilter(request.query, book);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="book-${book.id}-entries.csv"`)
        .send(entriesCsv(entries, book.id, filter));
    },
  );

  app.post(
    '/api/books/:id/entries/refresh',
    { config: { access: 'staff' }, schema: { querystring: noQuery, params: idParams, response: responses({ 200: refreshResponse }) } },
    async (request) => {
      const book = await bookById(workspace, request.params.id);
      return { entries: await workspace.refreshEntries(book) };
    },
  );

  const change = async (
    params: Static<typeof entryParams>,
    name: string,
  ): Promise<{ bookId: number; entryId: string; author: string; at: string }> => ({
    bookId: (await bookById(workspace, params.id)).id,
    entryId: params.entryId,
    author: name,
    at: workspace.now().toISOString(),
  });

  app.post(
    '/api/books/:id/entries/:entryId/notes',
    {
      config: { access: 'staff' },
      schema: { querystring: noQuery, params: entryParams, body: noteBody, response: responses({ 201: noteResponse }) },
    },
    async (request, reply) => {
      const note = await addEntryNote(entries, await change(request.params, authOf(request).user.name), request.body.text);
      if (note === undefined) throw notFound('entry');
      await request.audit('note.added', { book: Number(request.params.id), target: entryTarget(request.params.entryId), after: note });
      return reply.code(201).send(note);
    },
  );

  app.put(
    '/api/books/:id/entries/:entryId/review',
    {
      config: { access: 'staff' },
      schema: { querystring: noQuery, params: entryParams, body: reviewBody, response: responses({ 200: reviewResponse }) },
    },
    async (request) => {
      const changed = await setEntryReview(entries, await change(request.params, authOf(request).user.name), request.body.status);
      if (changed === undefined) throw notFound('entry');
      await request.audit('review.changed', {
        book: Number(request.params.id),
        target: entryTarget(request.params.entryId),
        before: changed.before,
        after: changed.after,
      });
      return changed.after;
    },
  );

  // Every entry of a filtered view, not a page: one action, audited with its filter and count, undone in one step.
  app.post(
    '/api/books/:id/review',
    {
      config: { access: 'staff' },
      schema: { querystring: noQuery, params: idParams, body: bulkReviewBody, response: responses({ 200: bulkReviewResponse }) },
    },
    async (request) => {
      const book = await bookById(workspace, request.params.id);
      const { filter } = entryFilter(request.body.filter, book);
      const { status } = request.body;
      const marked = await entries.reviewActions.mark(book.id, filter, status, authOf(request).user.name, workspace.now().toISOString());
      if (marked === undefined)
        throw new HttpError(409, 'the transactions table is not built yet: run the book or refresh its table first');
      await request.audit('review.bulk_changed', {
        book: book.id,
        target: `review action ${marked.action}`,
        after: { filter: request.body.filter, status, changed: marked.changed },
      });
      return marked;
    },
  );

  app.post(
    '/api/books/:id/actions/:actionId/undo',
    {
      config: { access: 'staff' },
      schema: { querystring: noQuery, params: bookChildParams('actionId'), response: responses({ 200: undoResponse }) },
    },
    async (request) => {
      const book = await bookById(workspace, request.params.id);
      const action = await entries.reviewActions.action(book.id, Number(request.params.actionId));
      if (action === undefined) throw notFound('action');
      if (!(await entries.reviewActions.undo(action.id, workspace.now().toISOString())))
        throw new HttpError(409, `review action ${action.id} is undone already`);
      await request.audit('review.bulk_undone', {
        book: book.id,
        target: `review action ${action.id}`,
        before: { status: action.status, changed: action.changed },
      });
      return { restored: action.changed };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { authOf } from '../../auth.js';
import { cursorText, entryFilter } from '../../entryFilter.js';
import type { IdParams } from '../../schemas/common.js';
import { idParams, notJson } from '../../schemas/common.js';
import type { EntriesQuery } from '../../schemas/entries.js';
import { entriesQuery } from '../../schemas/entries.js';
import { entriesPage } from '../../views/entriesPage.js';
import { bookById } from '../lookups.js';
import { sendPage } from './sendPage.js';

/** The transactions page of a book: the API's filtered view (same query, same pages) with its totals. */
export async function entryPageRoutes(app: FastifyInstance): Promise<void> {
  const { workspace } = app;
  app.get<{ Params: IdParams; Querystring: EntriesQuery }>('/books/:id/entries', { config: { access: 'user' }, schema: { querystring: entriesQuery, params: idParams, response: notJson } }, async (request, reply) => {
    const book = await bookById(workspace, request.params.id);
    const { filter, cursor, limit } = entryFilter(request.query, book);
    const page = await workspace.entries.page(book.id, filter, cursor, limit);
    const totals = await workspace.entries.totals(book.id, filter);
    return sendPage(reply, entriesPage({ user: authOf(request).user, csrfToken: reply.generateCsrf(), book, query: request.query, page, totals, next: cursorText(page.next) }));
  });
}

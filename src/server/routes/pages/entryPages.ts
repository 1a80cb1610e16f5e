import { authOf } from '../../auth.js';
import { cursorText, entryFilter } from '../../entryFilter.js';
import { idParams, notJson } from '../../schemas/common.js';
import { entriesPageQuery } from '../../schemas/entries.js';
import { entriesPage } from '../../views/entriesPage.js';
import { bookById } from '../lookups.js';
import { sendPage } from './sendPage.js';
import type { RouteApp } from '../RouteApp.js';

const SUMMED_AT_ONCE = 50_000;

/** The transactions page of a book: the API's filtered view (same query, same pages) with its totals. */
export async function entryPageRoutes(app: RouteApp): Promise<void> {
  const { workspace } = app;
  app.get(
    '/books/:id/entries',
    { config: { access: 'user' }, schema: { querystring: entriesPageQuery, params: idParams, response: notJson } },
    async (request, reply) => {
      const book = await bookById(workspace, request.params.id);
      const { filter, cursor, limit } = entryFilter(request.query, book);
      const page = await workspace.entries.page(book.id, filter, cursor, limit);
      // Summing reads every entry of the view: done at once for views up to SUMMED_AT_ONCE, else when asked.
      const totals = page.total <= SUMMED_AT_ONCE || request.query.totals === '1' ? await workspace.entries.totals(book.id, filter) : null;
      return sendPage(
        reply,
        entriesPage({
          user: authOf(request).user,
          csrfToken: reply.generateCsrf(),
          book,
          query: request.query,
          page,
          totals,
          next: cursorText(page.next),
        }),
      );
    },
  );
}

import { InputError } from '../../../errors/LedgerscanError.js';
import { bookPeriod } from '../../../workspace/bookPeriod.js';
import { authOf } from '../../auth.js';
import { cursorText, entryFilter } from '../../entryFilter.js';
import { idParams, notJson } from '../../schemas/common.js';
import { entriesPageQuery } from '../../schemas/entries.js';
import { entriesPage } from '../../views/entriesPage.js';
import { bookById } from '../lookups.js';
import { sendPage } from './sendPage.js';
import type { RouteApp } from '../RouteApp.js';

const SUMMED_AT_ONCE = 50_000;

/**
 * The transactions page of a book: the API's filtered view (same query, same pages) with its totals. Without
 * dates it opens on the book's period; a filter it cannot apply is said above the table (400), not shown as no rows.
 */
export async function entryPageRoutes(app: RouteApp): Promise<void> {
  const { workspace } = app;
  app.get(
    '/books/:id/entries',
    { config: { access: 'user' }, schema: { querystring: entriesPageQuery, params: idParams, response: notJson } },
    async (request, reply) => {
      const book = await bookById(workspace, request.params.id);
      const undated = request.query.from === undefined && request.query.to === undefined;
      const period = undated ? bookPeriod(await workspace.data.runsOfBook(book.id)) : undefined;
      const query = { ...request.query, ...period };
      const shown = { user: authOf(request).user, csrfToken: reply.generateCsrf(), book, query, period };
      let parsed: ReturnType<typeof entryFilter>;
      try {
        parsed = entryFilter(query, book);
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        const fix = error.details.fix;
        return sendPage(
          reply.code(400),
          entriesPage({ ...shown, problem: `${error.shortMessage}${fix === undefined ? '' : ` (${fix})`}` }),
        );
      }
      const { filter, cursor, limit } = parsed;
      const page = await workspace.entries.page(book.id, filter, cursor, limit);
      // Summing reads every entry of the view: done at once for views up to SUMMED_AT_ONCE, else when asked.
      const totals = page.total <= SUMMED_AT_ONCE || query.totals === '1' ? await workspace.entries.totals(book.id, filter) : null;
      return sendPage(
        reply,
        entriesPage({ ...shown, view: { page, totals, next: cursorText(page.next), previous: cursorText(page.previous) } }),
      );
    },
  );
}

import type { Static } from 'typebox';
import type { NightSummary } from '../../../workspace/WorkspaceData.js';
import { HttpError } from '../../HttpError.js';
import { withoutServerPaths } from '../../withoutServerPaths.js';
import { noQuery, responses } from '../../schemas/common.js';
import { nightResponse } from '../../schemas/nights.js';
import type { RouteApp } from '../RouteApp.js';

/** The night summary as the API shows it: the counts, calls per key, and the books that need a look. */
export function nightJson(night: NightSummary): Static<typeof nightResponse> {
  const books = (status: string) =>
    night.outcomes
      .filter((book) => book.status === status)
      .map((book) => ({
        bookId: book.bookId,
        runId: book.runId,
        reason: book.error === null ? null : withoutServerPaths(book.error),
        resumeAt: book.resumeAt,
      }));
  const { books: count, reconciled, differences, failed, deferred, pending, calls } = night;
  return {
    night: night.night,
    books: count,
    reconciled,
    differences,
    failed,
    deferred,
    pending,
    calls,
    failedRuns: books('failed'),
    deferredRuns: books('deferred'),
  };
}

/** `GET /api/nights/latest`: admins only, as it counts every book of the firm (404 before any schedule fired). */
export async function nightRoutes(app: RouteApp): Promise<void> {
  const { data } = app.workspace;
  app.get(
    '/api/nights/latest',
    { config: { access: 'admin' }, schema: { querystring: noQuery, response: responses({ 200: nightResponse }) } },
    async () => {
      const night = await data.nights.latest();
      if (night === null) throw new HttpError(404, 'no night yet: no schedule has fired');
      return nightJson(night);
    },
  );
}

import { toolVersion } from '../../../pipeline/toolVersion.js';
import { noQuery, responses } from '../../schemas/common.js';
import { healthResponse } from '../../schemas/session.js';
import { lastReconcile } from '../../runReports.js';
import { visibleBooks } from '../../visibleBooks.js';
import type { RouteApp } from '../RouteApp.js';

/**
 * `GET /api/health`: a monitor without an account learns only that the server is up; a logged-in user (or a
 * monitor's bearer token) also gets the queue, the books (of those it sees) whose last reconcile found differences
 * and the version.
 */
export async function healthRoutes(app: RouteApp): Promise<void> {
  const { workspace } = app;
  const { data } = workspace;
  app.get(
    '/api/health',
    { config: { access: 'public', book: 'filtered' }, schema: { querystring: noQuery, response: responses({ 200: healthResponse }) } },
    async (request) => {
      if (request.auth === null) return { ok: true };
      // Staff and clients hear only of their own books' differences: another book's id would say it exists.
      const books = (
        await visibleBooks(
          data,
          request.auth.user,
          (await data.listBooks()).map((book) => ({ book })),
        )
      ).map(({ book }) => book);
      const runs = await data.listedRunsOfBooks(books.map((book) => book.id));
      const lasts = books.map((book) => ({
        book: book.id,
        last: lastReconcile(runs.get(book.id) ?? []),
      }));
      const differences = lasts.flatMap((entry) =>
        entry.last?.status === 'differences' ? [{ bookId: entry.book, runId: entry.last.id }] : [],
      );
      return { ok: true, queue: await workspace.queue.counts(), reconcileDifferences: differences, version: toolVersion() };
    },
  );
}

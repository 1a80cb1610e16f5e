import { listTemplates } from '../../../templates/templateCatalog.js';
import type { Book, Run, User } from '../../../workspace/WorkspaceData.js';
import { authOf } from '../../auth.js';
import { balanceSeries, latestBalanceSeries } from '../../balanceSeries.js';
import type { Html } from '../../html.js';
import { BALANCES_TABLE } from '../../../runs/balancesRun.js';
import { EXPORT_MANIFEST } from '../../../runs/exportResults.js';
import { YEAR_REPORT } from '../../../runs/reportRun.js';
import { RECONCILE_REPORT } from '../../../runs/reconcileReportResult.js';
import { carries } from '../../../runs/runResults.js';
import { readRunResult } from '../../../workspace/runFiles.js';
import { ruleReach } from '../../../workspace/entries/ruleReach.js';
import { latestResult } from '../../runReports.js';
import { bookListQuery } from '../../bookDashboard.js';
import { naturalOrder } from '../../../workspace/bookListOrder.js';
import { bookSortQuery } from '../../schemas/books.js';
import { idParams, noQuery, notJson } from '../../schemas/common.js';
import { bookPage } from '../../views/bookPage.js';
import { bookSuggestions } from '../../../workspace/transferSuggestions.js';
import { booksPage } from '../../views/booksPage.js';
import { chartPage } from '../../views/chartPage.js';
import { loginPage } from '../../views/loginPage.js';
import { summaryPage } from '../../views/summaryPage.js';
import { bookById } from '../lookups.js';
import { sendPage } from './sendPage.js';
import type { RouteApp } from '../RouteApp.js';

/** The front page's books a page: a screen or two of rows, the rest a click away (or found by name, or by state). */
const BOOKS_PAGE_ROWS = 50;

/** The login page, the books list and the pages about one book (the book, its year summary, its balance chart). */
export async function pageRoutes(app: RouteApp): Promise<void> {
  const { workspace } = app;
  const { data } = workspace;
  // The built-in templates ship with the package and change only with it: read and checked once, not per visit
  // (23 files parsed took most of a book page's CPU time).
  const templates = listTemplates();

  app.get('/login', { config: { access: 'public' }, schema: { querystring: noQuery, response: notJson } }, async (_request, reply) =>
    sendPage(reply, loginPage()),
  );

  app.get(
    '/',
    { config: { access: 'user', book: 'filtered' }, schema: { querystring: bookSortQuery, response: notJson } },
    async (request, reply) => {
      const { user } = authOf(request);
      const sort = request.query.sort ?? 'review';
      const params = { ...request.query, sort, order: request.query.order ?? naturalOrder(sort) };
      const [page, night] = await Promise.all([
        workspace.bookList(bookListQuery(user, params, BOOKS_PAGE_ROWS)),
        user.role === 'admin' ? data.nights.latest() : null,
      ]);
      return sendPage(reply, booksPage({ user, csrfToken: reply.generateCsrf(), page, params, pageRows: BOOKS_PAGE_ROWS, night }));
    },
  );

  /**
   * A page about one book: the visitor logged in (else to /login), the book (else 404), its runs (newest first) and
   * what `load` reads of it, all asked at once by the id (on PostgreSQL one round trip instead of one each).
   */
  const bookRoute = <T>(
    route: string,
    load: (bookId: number) => Promise<T>,
    render: (page: { user: User; csrfToken: string; book: Book; runs: Run[]; loaded: T }) => Html | Promise<Html>,
  ): void => {
    app.get(
      route,
      { config: { access: 'user' }, schema: { querystring: noQuery, params: idParams, response: notJson } },
      async (request, reply) => {
        const id = Number(request.params.id);
        const [book, runs, loaded] = await Promise.all([bookById(workspace, request.params.id), data.runsOfBook(id), load(id)]);
        return sendPage(reply, await render({ user: authOf(request).user, csrfToken: reply.generateCsrf(), book, runs, loaded }));
      },
    );
  };
  const nothing = (): Promise<undefined> => Promise.resolve(undefined);

  bookRoute(
    '/books/:id',
    async (id) => {
      const [schedules, rules, prices, book] = await Promise.all([
        data.schedules(id),
        data.bookRules(id),
        data.bookPrices(id),
        data.getBook(id),
      ]);
      const suggestions = book === undefined ? [] : await bookSuggestions(workspace, book);
      return { schedules, rules, prices, suggestions, ruleReach: await ruleReach(workspace.entries, id, rules, book?.data.timezone) };
    },
    ({ user, csrfToken, book, runs, loaded }) =>
      bookPage({ user, csrfToken, book, runs, templates, closed: workspace.closedPeriods(book.id), ...loaded }),
  );

  bookRoute('/books/:id/summary', nothing, async ({ user, csrfToken, book, runs }) => {
    const [reconcile, exported, balances, report] = await Promise.all([
      latestResult(workspace, runs, RECONCILE_REPORT),
      latestResult(workspace, runs, EXPORT_MANIFEST),
      latestResult(workspace, runs, BALANCES_TABLE),
      latestResult(workspace, runs, YEAR_REPORT),
    ]);
    return summaryPage({
      user,
      csrfToken,
      book,
      reconcile: reconcile === undefined ? undefined : { run: reconcile.run, report: reconcile.value },
      exported: exported === undefined ? undefined : { run: exported.run, manifest: exported.value },
      balances: balances === undefined ? undefined : { run: balances.run, table: balances.value },
      report: report === undefined ? undefined : { run: report.run, file: report.value.report },
    });
  });

  bookRoute('/books/:id/chart', nothing, async ({ user, csrfToken, book, runs }) => {
    const latest = await latestBalanceSeries(workspace, runs);
    const period = latest?.file.period;
    // The opening balances come from a reconcile over the same period, when there is one.
    const reports = await Promise.all(
      runs
        .filter((candidate) => carries(candidate, RECONCILE_REPORT))
        .map((candidate) => readRunResult(workspace.stores, candidate, RECONCILE_REPORT)),
    );
    const report = reports.find(
      (candidate) =>
        candidate !== undefined && period !== undefined && candidate.period.from === period.from && candidate.period.to === period.to,
    );
    const series = latest === undefined ? [] : balanceSeries(latest.file, report);
    return chartPage({ user, csrfToken, book, run: latest?.run, period, series });
  });
}

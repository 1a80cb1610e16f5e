import fs from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Book, Run, User } from '../workspace/WorkspaceData.js';
import { listTemplates } from '../templates/templateCatalog.js';
import { filesDirOf, listedFilePath } from '../workspace/runFiles.js';
import type { Workspace } from '../workspace/Workspace.js';
import { pageUser } from './auth.js';
import type { Html } from './html.js';
import { notFound } from './HttpError.js';
import { bookPage } from './views/bookPage.js';
import { booksPage } from './views/booksPage.js';
import { loginPage } from './views/loginPage.js';
import type { ReconcileAsset } from './views/reconcilePage.js';
import { reconcilePage } from './views/reconcilePage.js';
import { RUN_TABLES, runPage } from './views/runPage.js';
import { balanceSeries } from './balanceSeries.js';
import type { ManifestFile, ReconcileReportFile } from './runReports.js';
import { latestRunWith, readRunCsv, readRunJson } from './runReports.js';
import { chartPage } from './views/chartPage.js';
import { summaryPage } from './views/summaryPage.js';

type IdParams = { id: string };

const sendPage = (reply: FastifyReply, page: Html): FastifyReply => reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page.text);

/** Server-rendered pages over the same workspace the API uses; app.js calls the API for every change. */
export function pageRoutes(app: FastifyInstance, workspace: Workspace): void {
  const { data } = workspace;
  const bookOf = async (request: FastifyRequest<{ Params: IdParams }>) => {
    const book = await data.getBook(Number(request.params.id));
    if (book === undefined) throw notFound('book');
    return book;
  };
  const runOf = async (request: FastifyRequest<{ Params: IdParams }>) => {
    const run = await data.getRun(Number(request.params.id));
    const book = run === undefined ? undefined : await data.getBook(run.bookId);
    if (run === undefined || book === undefined) throw notFound('run');
    return { run, book };
  };

  app.get('/login', async (_request, reply) => sendPage(reply, loginPage()));

  app.get('/', async (request, reply) => {
    const user = pageUser(request, reply);
    if (user === undefined) return reply;
    const books = await Promise.all((await data.listBooks()).map(async (book) => ({ book, runs: await data.runsOfBook(book.id) })));
    return sendPage(reply, booksPage({ user, csrfToken: reply.generateCsrf(), books }));
  });

  /** A page about one book: the visitor logged in (else to /login), the book (else 404) and its runs, newest first. */
  const bookRoute = (route: string, render: (page: { user: User; book: Book; runs: Run[]; reply: FastifyReply }) => Html | Promise<Html>): void => {
    app.get<{ Params: IdParams }>(route, async (request, reply) => {
      const user = pageUser(request, reply);
      if (user === undefined) return reply;
      const book = await bookOf(request);
      return sendPage(reply, await render({ user, book, runs: await data.runsOfBook(book.id), reply }));
    });
  };

  bookRoute('/books/:id', async ({ user, book, runs, reply }) =>
    bookPage({ user, csrfToken: reply.generateCsrf(), book, runs, schedules: await data.schedules(book.id), templates: listTemplates(), closed: workspace.closedPeriods(book.id) }),
  );

  bookRoute('/books/:id/summary', ({ user, book, runs }) => {
    const reconcileRun = latestRunWith(runs, 'reconcile', 'reconcile.json');
    const exportRun = latestRunWith(runs, 'export', 'manifest.json');
    const report = reconcileRun === undefined ? undefined : readRunJson<ReconcileReportFile>(workspace, reconcileRun, 'reconcile.json');
    const manifest = exportRun === undefined ? undefined : readRunJson<ManifestFile>(workspace, exportRun, 'manifest.json');
    const balancesRun = latestRunWith(runs, 'balances', 'balances.csv');
    const balances = balancesRun === undefined ? undefined : readRunCsv(workspace, balancesRun, 'balances.csv');
    return summaryPage({
      user,
      book,
      reconcile: reconcileRun === undefined || report === undefined ? undefined : { run: reconcileRun, report },
      exported: exportRun === undefined || manifest === undefined ? undefined : { run: exportRun, manifest },
      balances: balancesRun === undefined || balances === undefined ? undefined : { run: balancesRun, table: balances },
    });
  });

  bookRoute('/books/:id/chart', async ({ user, book, runs }) => {
    const run = latestRunWith(runs, 'export', 'ledger.csv');
    const ledger = run === undefined ? undefined : listedFilePath(filesDirOf(workspace.stores, run), run.files, 'ledger.csv');
    const period = run === undefined ? undefined : readRunJson<ManifestFile>(workspace, run, 'manifest.json')?.period;
    // The opening balances come from a reconcile over the same period, when there is one.
    const report = runs
      .filter((candidate) => candidate.request.kind === 'reconcile')
      .map((candidate) => readRunJson<ReconcileReportFile>(workspace, candidate, 'reconcile.json'))
      .find((candidate) => candidate !== undefined && candidate.period.from === period?.from && candidate.period.to === period.to);
    const series = ledger === undefined ? [] : await balanceSeries(ledger, report);
    return chartPage({ user, book, run, period, series });
  });

  app.get<{ Params: IdParams }>('/runs/:id', async (request, reply) => {
    const user = pageUser(request, reply);
    if (user === undefined) return reply;
    const { run, book } = await runOf(request);
    const tableFile = RUN_TABLES[run.request.kind];
    const table = tableFile === undefined ? undefined : readRunCsv(workspace, run, tableFile);
    return sendPage(reply, runPage({ user, csrfToken: reply.generateCsrf(), book, run, log: await data.runLog(run.id), shares: await data.sharesOfRun(run.id), now: workspace.now().toISOString(), table }));
  });

  app.get<{ Params: IdParams }>('/runs/:id/reconcile', async (request, reply) => {
    const user = pageUser(request, reply);
    if (user === undefined) return reply;
    const { run, book } = await runOf(request);
    const report = listedFilePath(filesDirOf(workspace.stores, run), run.files, 'reconcile.json');
    if (report === undefined) throw notFound('reconcile report');
    const { assets } = JSON.parse(fs.readFileSync(report, 'utf8')) as { assets: ReconcileAsset[] };
    return sendPage(reply, reconcilePage({ user, book, run, assets }));
  });
}

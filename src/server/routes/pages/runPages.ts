import type { Book, Run } from '../../../workspace/WorkspaceData.js';
import { MISSING_PRICES_TABLE } from '../../../runs/exportResults.js';
import { RECONCILE_REPORT } from '../../../runs/reconcileReportResult.js';
import { readRunResult } from '../../../workspace/runFiles.js';
import { authOf } from '../../auth.js';
import { notFound } from '../../HttpError.js';
import { idParams, noQuery, notJson } from '../../schemas/common.js';
import { reconcilePage } from '../../views/reconcilePage.js';
import { runPage } from '../../views/runPage.js';
import { RUN_PARTS } from '../../views/runParts.js';
import { bookById, runById } from '../lookups.js';
import { sendPage } from './sendPage.js';
import type { RouteApp } from '../RouteApp.js';

/** The run page (live figures, log, files, shares, its table) and a reconcile's report. */
export async function runPageRoutes(app: RouteApp): Promise<void> {
  const { workspace } = app;
  const { data } = workspace;
  const route = { config: { access: 'user' as const }, schema: { querystring: noQuery, params: idParams, response: notJson } };
  const runAndBook = async (id: string): Promise<{ run: Run; book: Book }> => {
    const run = await runById(workspace, id);
    return { run, book: await bookById(workspace, String(run.bookId)) };
  };

  app.get('/runs/:id', route, async (request, reply) => {
    const run = await runById(workspace, request.params.id);
    // One round trip after the run's: on PostgreSQL each is a wait, and this page is the one a run's watchers reload.
    const [book, log, shares] = await Promise.all([bookById(workspace, String(run.bookId)), data.runLog(run.id), data.sharesOfRun(run.id)]);
    const tableResult = RUN_PARTS[run.request.kind].table;
    const [table, missingPrices] = await Promise.all([
      tableResult === undefined ? undefined : readRunResult(workspace.stores, run, tableResult),
      readRunResult(workspace.stores, run, MISSING_PRICES_TABLE),
    ]);
    const input = {
      user: authOf(request).user,
      csrfToken: reply.generateCsrf(),
      book,
      run,
      log,
      shares,
      now: workspace.now().toISOString(),
      table,
      missingPrices,
    };
    return sendPage(reply, runPage(input));
  });

  app.get('/runs/:id/reconcile', route, async (request, reply) => {
    const { run, book } = await runAndBook(request.params.id);
    const report = await readRunResult(workspace.stores, run, RECONCILE_REPORT);
    if (report === undefined) throw notFound('reconcile report');
    return sendPage(reply, reconcilePage({ user: authOf(request).user, csrfToken: reply.generateCsrf(), book, run, report }));
  });
}

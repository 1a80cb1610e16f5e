import { MISSING_PRICES_FILE } from '../../../outputs/missingPricesOutput.js';
import type { FastifyInstance } from 'fastify';
import type { Book, Run } from '../../../workspace/WorkspaceData.js';
import type { ReconcileJson } from '../../../pipeline/reconcileReport.js';
import { authOf } from '../../auth.js';
import { notFound } from '../../HttpError.js';
import { readRunCsv, readRunJson } from '../../runReports.js';
import type { IdParams } from '../../schemas/common.js';
import { idParams, noQuery, notJson } from '../../schemas/common.js';
import { reconcilePage } from '../../views/reconcilePage.js';
import { runPage } from '../../views/runPage.js';
import { RUN_PARTS } from '../../views/runParts.js';
import { bookById, runById } from '../lookups.js';
import { sendPage } from './sendPage.js';

/** The run page (live figures, log, files, shares, its table) and a reconcile's report. */
export async function runPageRoutes(app: FastifyInstance): Promise<void> {
  const { workspace } = app;
  const { data } = workspace;
  const route = { config: { access: 'user' as const }, schema: { querystring: noQuery, params: idParams, response: notJson } };
  const runAndBook = async (id: string): Promise<{ run: Run; book: Book }> => {
    const run = await runById(workspace, id);
    return { run, book: await bookById(workspace, String(run.bookId)) };
  };

  app.get<{ Params: IdParams }>('/runs/:id', route, async (request, reply) => {
    const run = await runById(workspace, request.params.id);
    // One round trip after the run's: on PostgreSQL each is a wait, and this page is the one a run's watchers reload.
    const [book, log, shares] = await Promise.all([bookById(workspace, String(run.bookId)), data.runLog(run.id), data.sharesOfRun(run.id)]);
    const tableFile = RUN_PARTS[run.request.kind].table;
    const table = tableFile === undefined ? undefined : readRunCsv(workspace, run, tableFile);
    const missingPrices = readRunCsv(workspace, run, MISSING_PRICES_FILE);
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

  app.get<{ Params: IdParams }>('/runs/:id/reconcile', route, async (request, reply) => {
    const { run, book } = await runAndBook(request.params.id);
    const report = readRunJson<ReconcileJson>(workspace, run, 'reconcile.json');
    if (report === undefined) throw notFound('reconcile report');
    return sendPage(reply, reconcilePage({ user: authOf(request).user, csrfToken: reply.generateCsrf(), book, run, report }));
  });
}

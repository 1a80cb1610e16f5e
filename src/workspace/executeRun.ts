import fs from 'node:fs';
import path from 'node:path';
import type { AlertSettings } from '../alerts/AlertSettings.js';
import { exitCodeFor } from '../errors/exitCode.js';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import type { KeyLimiter } from '../etherscan/KeyLimiter.js';
import type { Pacer } from '../priceSources/priceHttp.js';
import { isDatabaseUnavailable } from '../db/postgres/DatabaseUnavailableError.js';
import { redact } from '../secrets/redact.js';
import { defaultFiledDir } from '../filing/FiledRecord.js';
import { alertAfter, alertOnFailure } from '../runs/alertPolicy.js';
import { API_SURFACE, optionValues } from '../runs/optionValues.js';
import { DailyLimitError } from '../etherscan/errors.js';
import { holdForNight, raiseAlert } from '../runs/raiseAlert.js';
import { runKind } from '../runs/runKinds.js';
import { checkedSummary } from '../runs/runSummary.js';
import { createProgress } from '../sync/progress.js';
import { apiPlace } from './apiPlace.js';
import { nextUtcMidnight } from './nightSummary.js';
import { runTarget, WORKER_ACTOR } from './AuditLog.js';
import { BALANCE_SERIES_FILE } from '../outputs/balanceSeriesOutput.js';
import type { BookPlaces } from './BookPlaces.js';
import { bookRefresh, refreshEntries } from './entries/refreshEntries.js';
import type { SqlBookEntries } from './entries/SqlBookEntries.js';
import type { ApiAccess } from './jobForRun.js';
import { jobForRun } from './jobForRun.js';
import { checkRunResults } from './runFiles.js';
import { HeldStore } from '../pipeline/LockedStore.js';
import { fanOutProgress, RunProgress } from './RunProgress.js';
import { SerialWrites } from './SerialWrites.js';
import type { Run, WorkspaceData } from './WorkspaceData.js';

export interface RunContext {
  data: WorkspaceData;
  stores: BookPlaces;
  /** The transactions tables, refreshed after each run from what the run left in the store. */
  entries?: SqlBookEntries;
  api: ApiAccess;
  /** From the server's environment only (LEDGERSCAN_*), never from the workspace data. */
  alerts: AlertSettings;
  now: () => Date;
  /** The key's limiter shared by every worker (distributed); none: the process's own, as the CLI. */
  limiter?: KeyLimiter;
  /** Each price source's pacer shared by every worker (distributed); none: the process's own. */
  pricePacerFor?: (source: string, rate: number) => Pacer;
}

/**
 * Runs one queued run through its kind (`runKinds`): the same module the CLI's command runs, its preconditions
 * checked again (a period closed meanwhile), its progress, log, files and outcome recorded, alerts as `alertPolicy`
 * says. The out dir is emptied first: a run re-queued after a crash writes exactly what an uninterrupted run writes,
 * while the book's store keeps every page fetched before the crash. A closed period goes where the CLI's `close`
 * puts it by default: `filed/` beside the book's state file.
 */
export async function executeRun(context: RunContext, run: Run, signal: AbortSignal): Promise<void> {
  const { data, stores, api } = context;
  // The pipeline reports synchronously; its lines and figures reach the database in order, awaited before the outcome.
  const writes = new SerialWrites();
  const log = (line: string): void => writes.push(() => data.appendLog(run.id, redact(line.trimEnd(), api.apiKey)));
  const book = await data.getBook(run.bookId);
  const subject = book?.data.name ?? `book ${run.bookId}`;
  const filedDir = defaultFiledDir(stores.stateFile(run.bookId));
  const kind = runKind(run.request.kind);
  const command = `ledgerscan serve (run ${run.id})`;
  // One store for the run's command and the table's refresh after it; opened by the command, closed here on every path.
  const held = new HeldStore(stores.location(run.bookId), { command, log });
  await data.updateRun(run.id, { status: 'running', startedAt: context.now().toISOString(), error: null });
  try {
    if (book === undefined) throw new LedgerscanError('the book of this run was removed');
    const outDir = stores.outDir(run.id);
    fs.rmSync(outDir, { recursive: true, force: true });
    const job = jobForRun({
      book: book.data,
      rules: await data.bookRules(book.id),
      prices: await data.bookPrices(book.id),
      lots: await data.bookOpeningLots(book.id),
      request: run.request,
      api,
      state: stores.stateFile(run.bookId),
      out: outDir,
      jobFile: path.join(stores.runDir(run.id), 'job.json'),
      now: context.now(),
      write: true,
      filedDir,
    });
    const values = optionValues(kind, run.request, API_SURFACE);
    log(
      `${kind.name} of book ${book.id} ${kind.span?.(values, job) ?? `for ${job.period.from}..${job.period.to}`} on chains ${job.chains.join(', ')}`,
    );
    const place = apiPlace(context.now(), filedDir);
    kind.preconditions?.(job, values, place);
    const figures = new RunProgress(
      (progress) => {
        writes.push(() => data.updateRun(run.id, { progress }));
      },
      { rate: api.rate },
    );
    const progress = fanOutProgress(figures, createProgress({ output: { write: (text: string) => log(text) }, rate: api.rate }));
    const balanceSeriesFile = path.join(stores.runDir(run.id), BALANCE_SERIES_FILE);
    const steps = {
      progress,
      log,
      command,
      held,
      signal,
      now: context.now,
      store: stores.location(run.bookId),
      filedDir,
      client: book.data.name,
      balanceSeriesFile,
      // The review states live here, not in the store: an export of the book files them (`review.csv`).
      ...(context.entries === undefined ? {} : { reviews: await context.entries.reviews.filed(book.id) }),
      ...(context.limiter === undefined ? {} : { limiter: context.limiter }),
      ...(context.pricePacerFor === undefined ? {} : { pricePacerFor: context.pricePacerFor }),
    };
    const outcome = await kind.execute(job, values, steps, place);
    const files = await outcome.files();
    const summary = checkedSummary(kind, outcome.summary);
    await checkRunResults(stores, { ...run, status: outcome.status, summary, files });
    // Done is done (a period filed), whatever happens to the run's row next: recorded before it, by whoever asked.
    if (kind.audited !== undefined && outcome.status === 'succeeded') {
      await data.audit.record((await data.audit.starterOf(run.bookId, run.id)) ?? WORKER_ACTOR, {
        action: kind.audited,
        book: run.bookId,
        target: runTarget(run.id),
        after: summary,
      });
    }
    const alerted = await alertOf(run)(alertAfter(outcome, subject, context.now()), context.alerts, log);
    const done = figures.done(outcome.apiCalls);
    // Before the run is done, so whoever waits for it finds the table as the run left the store.
    if (context.entries !== undefined) {
      await refreshEntries(await bookRefresh(context, book), context.entries, undefined, held).then(
        (refreshed) => log(`transactions table: ${refreshed.entries} entries, ${refreshed.written} rows written`),
        (error: unknown) => log(`transactions table not refreshed: ${error instanceof LedgerscanError ? error.message : String(error)}`),
      );
    }
    held.close();
    await writes.flush();
    await data.updateRun(run.id, {
      status: outcome.status,
      progress: done,
      summary: { ...summary, ...alerted },
      files,
      finishedAt: context.now().toISOString(),
    });
    log(`${outcome.status}: ${outcome.apiCalls} API calls`);
    await writes.flush();
  } catch (error) {
    try {
      held.close();
    } catch {
      // The run's own error is the one to tell; the store's session is ended with its thread either way.
    }
    // Nothing can be recorded without the database: the worker waits for it and gives the run back to the queue.
    if (isDatabaseUnavailable(error)) throw error;
    const spent = signal.aborted ? undefined : dailyLimitIn(error);
    if (spent !== undefined) {
      await writes.flush().catch(() => undefined);
      const reason = redact(spent.message, api.apiKey);
      // The workspace's clock, not the client's: a test's night ends at its own midnight.
      const resumeAt = nextUtcMidnight(context.now()).toISOString();
      await data.updateRun(run.id, { status: 'deferred', error: reason, resumeAt, finishedAt: null });
      log(`deferred until ${resumeAt}: ${reason}; the store keeps what was fetched`);
      await writes.flush();
      return;
    }
    const stopped = signal.aborted;
    const message = redact(error instanceof LedgerscanError ? error.message : String(error), api.apiKey);
    const failure = stopped
      ? null
      : alertOnFailure(kind, run.trigger, {
          subject,
          command: `scheduled ${kind.name}`,
          message,
          exitCode: exitCodeFor(error),
          now: context.now(),
        });
    const alerted = failure === null ? undefined : await alertOf(run)({ alert: failure }, context.alerts, log);
    await writes.flush().catch(() => undefined);
    await data.updateRun(run.id, {
      status: stopped ? 'stopped' : 'failed',
      error: stopped ? null : message,
      finishedAt: context.now().toISOString(),
      ...(alerted === undefined ? {} : { summary: alerted }),
    });
    log(stopped ? 'stopped; the store keeps what was fetched' : `failed: ${message}`);
    await writes.flush();
  }
}

/** A scheduled run's alert waits for the night's one alert (`nightAlert`); a person's run alerts at once. */
function alertOf(run: Run): typeof raiseAlert {
  return run.trigger === 'schedule' ? holdForNight : raiseAlert;
}

/**
 * The daily quota that ended the run (the API's answer or the key's own count, `QuotaLimiter`), wherever it is in the
 * error's causes: the run is deferred to the quota's reset rather than failed.
 */
function dailyLimitIn(error: unknown): DailyLimitError | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) if (cause instanceof DailyLimitError) return cause;
  return undefined;
}

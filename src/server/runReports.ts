import type { Static, TSchema } from 'typebox';
import { RECONCILE_REPORT } from '../runs/reconcileReportResult.js';
import type { RunResult } from '../runs/RunResult.js';
import { carries, hasOutcome } from '../runs/runResults.js';
import { readRunResult } from '../workspace/runFiles.js';
import type { Workspace } from '../workspace/Workspace.js';
import type { Run } from '../workspace/WorkspaceData.js';

/** The newest run with an outcome that has `result`, read and checked (a run whose result is unreadable is passed over). */
export async function latestResult<S extends TSchema>(
  workspace: Workspace,
  runs: readonly Run[],
  result: RunResult<S>,
): Promise<{ run: Run; value: Static<S> } | undefined> {
  for (const run of runs) {
    if (!carries(run, result) || !hasOutcome(run)) continue;
    const value = await readRunResult(workspace.stores, run, result);
    if (value !== undefined) return { run, value };
  }
  return undefined;
}

/** The newest finished run of the kind that checks balances against the chain (whatever its outcome): the books list's "last reconcile". */
export function lastReconcile(runs: readonly Run[]): Run | undefined {
  return runs.find((run) => carries(run, RECONCILE_REPORT) && run.finishedAt !== null);
}

/** The newest run that raised an alert. */
export function lastAlertRun(runs: readonly Run[]): Run | undefined {
  return runs.find((run) => run.summary?.alert !== undefined);
}

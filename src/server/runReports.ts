import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { filesDirOf, listedFilePath } from '../workspace/runFiles.js';
import type { Workspace } from '../workspace/Workspace.js';
import type { Run } from '../workspace/WorkspaceData.js';

/** The newest finished run of a kind whose listed files include `file`. */
export function latestRunWith(runs: readonly Run[], kind: Run['request']['kind'], file: string): Run | undefined {
  return runs.find((run) => run.request.kind === kind && run.files.some((listed) => listed.name === file));
}

/**
 * A listed JSON file of a run, as the type its writer declares (`Manifest` of `output/writeManifest.ts`,
 * `ReconcileJson` of `reconcile/reconcileReport.ts`): the pipeline wrote it, so it is read without checking.
 */
export function readRunJson<T>(workspace: Workspace, run: Run, name: string): T | undefined {
  const file = listedFilePath(filesDirOf(workspace.stores, run), run.files, name);
  return file === undefined ? undefined : (JSON.parse(fs.readFileSync(file, 'utf8')) as T);
}

/** A listed CSV of a run (diff.csv, balances.csv) as its header and rows, for a page's table. */
export function readRunCsv(workspace: Workspace, run: Run, name: string): { header: string[]; rows: string[][] } | undefined {
  const file = listedFilePath(filesDirOf(workspace.stores, run), run.files, name);
  if (file === undefined) return undefined;
  const [header = [], ...rows] = parse(fs.readFileSync(file, 'utf8')) as string[][];
  return { header, rows };
}

/** The newest run that raised an alert. */
export function lastAlertRun(runs: readonly Run[]): Run | undefined {
  return runs.find((run) => run.summary?.alert !== undefined);
}

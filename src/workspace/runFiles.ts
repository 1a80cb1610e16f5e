import fs from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Static, TSchema } from 'typebox';
import { defaultFiledDir } from '../filing/FiledRecord.js';
import { FILED_PERIOD } from '../runs/closeRun.js';
import { LedgerscanError } from '../errors/LedgerscanError.js';
import type { RunResult } from '../runs/RunResult.js';
import { carries, checkedResult, runFact } from '../runs/runResults.js';
import { runKind } from '../runs/runKinds.js';
import { schemaProblem, warnUnreadable } from '../runs/schemaCheck.js';
import type { BookPlaces } from './BookPlaces.js';
import type { Run, RunFile } from './WorkspaceData.js';

/**
 * The disk path of `name` only when it is one of the run's listed files: the listed name is
 * what reaches the disk, never the URL's text, so `..`, encoded or absolute names go nowhere.
 */
export function listedFilePath(outDir: string, files: readonly RunFile[], name: string): string | undefined {
  const listed = files.find((file) => file.name === name);
  return listed === undefined ? undefined : path.join(outDir, ...listed.name.split('/'));
}

/** Where a run's listed files are: a close's are the filed period itself (read-only), any other run's its out dir. */
export function filesDirOf(stores: BookPlaces, run: Run): string {
  const filed = runFact(run, FILED_PERIOD);
  return filed === undefined ? stores.outDir(run.id) : path.join(defaultFiledDir(stores.stateFile(run.bookId)), filed.label);
}

/** The file a run keeps a result in, when it has one: a listed file, or one in its run folder. */
function resultPath(stores: BookPlaces, run: Run, result: RunResult): string | undefined {
  const { place } = result;
  if (place.in === 'runDir') return path.join(stores.runDir(run.id), place.file);
  if (place.in === 'file') return listedFilePath(filesDirOf(stores, run), run.files, place.file);
  return undefined;
}

/** A result's file parsed as its place says (a CSV as its header and rows), or why it could not be; undefined when the run has none. */
async function parsedResult(
  stores: BookPlaces,
  run: Run,
  result: RunResult,
): Promise<{ value: unknown } | { problem: string } | undefined> {
  const file = resultPath(stores, run, result);
  if (file === undefined) return undefined;
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    // A run folder's file a run wrote only when it got that far (or an older run, before the file existed).
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    if (result.place.in === 'file' && result.place.format === 'csv') {
      const [header = [], ...rows] = parse(text) as string[][];
      return { value: { header, rows } };
    }
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    return { problem: (error as Error).message };
  }
}

/**
 * A result of a run, wherever its kind keeps it, checked against its schema: undefined when the run's kind does not
 * carry it or the run has none; undefined with one line logged when what it has does not match (an older run's file,
 * one edited by hand), so a page shows it as absent.
 */
export async function readRunResult<S extends TSchema>(stores: BookPlaces, run: Run, result: RunResult<S>): Promise<Static<S> | undefined> {
  if (result.place.in === 'summary' || result.place.in === 'request') return runFact(run, result);
  if (!carries(run, result)) return undefined;
  const parsed = await parsedResult(stores, run, result);
  if (parsed === undefined) return undefined;
  if ('value' in parsed) return checkedResult(run, result, parsed.value);
  warnUnreadable(run.id, result.name, parsed.problem);
  return undefined;
}

/** Refuses a finished run whose files break a result its kind declares (checked as the run is recorded): a pipeline bug, not data. */
export async function checkRunResults(stores: BookPlaces, run: Run): Promise<void> {
  for (const result of runKind(run.request.kind).results) {
    if (result.place.in !== 'file' && result.place.in !== 'runDir') continue;
    const parsed = await parsedResult(stores, run, result);
    const problem = parsed === undefined ? undefined : 'value' in parsed ? schemaProblem(result.schema, parsed.value) : parsed.problem;
    if (problem !== undefined) throw new LedgerscanError(`the run's ${result.name} does not match its schema: ${problem}`);
  }
}

import path from 'node:path';
import { defaultFiledDir } from '../filing/FiledRecord.js';
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
  const label = run.summary?.label;
  return run.request.kind === 'close' && typeof label === 'string'
    ? path.join(defaultFiledDir(stores.stateFile(run.bookId)), label)
    : stores.outDir(run.id);
}

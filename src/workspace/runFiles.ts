import fs from 'node:fs';
import path from 'node:path';
import { defaultFiledDir } from '../filing/FiledRecord.js';
import { sha256File } from '../output/sha256File.js';
import type { BookStores } from './BookStores.js';
import type { Run, RunFile } from './WorkspaceData.js';

/** An export's files as its manifest lists them, and the manifest itself. */
export async function manifestFiles(outDir: string): Promise<RunFile[]> {
  const manifestPath = path.join(outDir, 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as { files: { path: string; bytes: number; sha256: string }[] };
  const files = manifest.files.map((file) => ({ name: file.path, bytes: file.bytes, sha256: file.sha256 }));
  return [...files, await describeFile(outDir, 'manifest.json')];
}

/** A file the pipeline wrote into `outDir` (the reconcile report has no manifest). */
export async function describeFile(outDir: string, name: string): Promise<RunFile> {
  const absolute = path.join(outDir, name);
  return { name, bytes: fs.statSync(absolute).size, sha256: await sha256File(absolute) };
}

/**
 * The disk path of `name` only when it is one of the run's listed files: the listed name is
 * what reaches the disk, never the URL's text, so `..`, encoded or absolute names go nowhere.
 */
export function listedFilePath(outDir: string, files: readonly RunFile[], name: string): string | undefined {
  const listed = files.find((file) => file.name === name);
  return listed === undefined ? undefined : path.join(outDir, ...listed.name.split('/'));
}

/** Where a run's listed files are: a close's are the filed period itself (read-only), any other run's its out dir. */
export function filesDirOf(stores: BookStores, run: Run): string {
  const label = run.summary?.label;
  return run.request.kind === 'close' && typeof label === 'string' ? path.join(defaultFiledDir(stores.stateFile(run.bookId)), label) : stores.outDir(run.id);
}

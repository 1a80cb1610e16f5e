import fs from 'node:fs';
import path from 'node:path';
import { sha256File } from '../output/sha256File.js';
import type { RunFile } from './RunFile.js';

/** A file the pipeline wrote into `outDir` (the reconcile report has no manifest). */
export async function describeFile(outDir: string, name: string): Promise<RunFile> {
  const absolute = path.join(outDir, name);
  return { name, bytes: fs.statSync(absolute).size, sha256: await sha256File(absolute) };
}

/** An export's files as its manifest lists them, and the manifest itself. */
export async function manifestFiles(outDir: string): Promise<RunFile[]> {
  const manifestPath = path.join(outDir, 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as { files: { path: string; bytes: number; sha256: string }[] };
  const files = manifest.files.map((file) => ({ name: file.path, bytes: file.bytes, sha256: file.sha256 }));
  return [...files, await describeFile(outDir, 'manifest.json')];
}

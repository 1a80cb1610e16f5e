import { rmdirSync } from 'node:fs';
import { removeOpenTempFiles } from '../output/AtomicFile.js';

/** Folders this process made for a run that must not outlive it empty. */
const madeFolders = new Set<string>();

/** `dir` was made by this run: removed when the run ends (or is stopped) leaving it empty. */
export function madeForThisRun(dir: string): void {
  madeFolders.add(dir);
}

/** Removes the folders this run made and left empty; a folder with anything in it stays. */
export function removeEmptyFolders(): void {
  for (const dir of madeFolders) {
    try {
      rmdirSync(dir);
    } catch {
      // Not empty, or gone already: either way nothing of ours to remove.
    }
  }
  madeFolders.clear();
}

/**
 * What a stop that cannot wait for the command to wind down still undoes before the process ends: the temp
 * files it has open and the folders it made and left empty, so no run leaves half a file or an empty `--out`.
 */
export function cleanUpAtHardStop(): void {
  removeOpenTempFiles();
  removeEmptyFolders();
}

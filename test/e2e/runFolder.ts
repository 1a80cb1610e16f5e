import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from '../support/e2eWorld.js';

/**
 * One out dir and one state file, reused by every run of a test file: the manifest records both
 * paths, so runs compared byte for byte must write to the same ones.
 */
export interface RunFolder {
  root: string;
  out: string;
  state: string;
  /** Removes the out dir and the store with its WAL and lock, for the next run to start cold. */
  clear(): void;
  remove(): void;
}

export function runFolder(name: string): RunFolder {
  const root = tempDir(name);
  const out = path.join(root, 'out');
  const state = path.join(root, 'state.db');
  return {
    root,
    out,
    state,
    clear() {
      fs.rmSync(out, { recursive: true, force: true });
      for (const suffix of ['', '-wal', '-shm', '.lock']) fs.rmSync(`${state}${suffix}`, { force: true });
    },
    remove() {
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

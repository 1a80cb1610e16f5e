import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * `mkdir -p` one level at a time. Node 20's `mkdirSync(dir, { recursive: true })` spins forever in C++
 * (no signal reaches JavaScript) on paths like `/proc/nope`, where mkdir answers ENOENT under an existing
 * parent; here such a path throws that ENOENT at once.
 */
export function makeDirectory(dir: string): void {
  const missing: string[] = [];
  let current = path.resolve(dir);
  while (!existsSync(current) && path.dirname(current) !== current) {
    missing.push(current);
    current = path.dirname(current);
  }
  // What exists must be a folder: a file there (or on the way) is what `mkdir -p` refuses too.
  if (!statSync(current).isDirectory()) {
    throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${dir}'`), { code: 'ENOTDIR', path: current });
  }
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * `mkdir -p` one level at a time. Node 20's `mkdirSync(dir, { recursive: true })` spins forever in C++
 * (no signal reaches JavaScript) on paths like `/proc/nope`, where mkdir answers ENOENT under an existing
 * parent; here such a path throws that ENOENT at once.
 */
export function makeDirectory(dir: string): void {
  const missing: string[] = [];
  for (let current = path.resolve(dir); !existsSync(current); current = path.dirname(current)) {
    missing.push(current);
    if (path.dirname(current) === current) break;
  }
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

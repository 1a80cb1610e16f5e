import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's root folder, both from the sources (src/pipeline) and the build (dist/pipeline). */
export function packageRoot(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, existsSync(path.resolve(here, '../../package.json')) ? '../..' : '../../..');
}

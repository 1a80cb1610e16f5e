import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's root folder: this file sits one level below it, in src/ and in the build's dist/ alike. */
export function packageRoot(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
}

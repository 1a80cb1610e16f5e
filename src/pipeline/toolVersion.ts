import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../packageRoot.js';

/** The package version, for the manifest. */
export function toolVersion(): string {
  const parsed = JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version?: string };
  return parsed.version ?? 'unknown';
}

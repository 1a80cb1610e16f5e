import fs from 'node:fs';
import path from 'node:path';

/** A folder's files by name, each as latin1 text (any byte kept, so two outputs compare exactly). */
export function filesIn(dir: string): Record<string, string> {
  return Object.fromEntries(fs.readdirSync(dir).map((name) => [name, fs.readFileSync(path.join(dir, name), 'latin1')]));
}

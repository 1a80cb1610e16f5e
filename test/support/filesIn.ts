import fs from 'node:fs';
import path from 'node:path';

/**
 * Every file under `dir` by relative path, with its bytes as a latin1 string (one character a byte, so two are equal
 * exactly when the bytes are): jest's `toEqual` walks a Buffer index by index as an object's keys, which took half a
 * minute of CPU over one export's files, while it compares strings at once and still shows where they differ.
 */
export function filesIn(dir: string, leaveOut: readonly string[] = []): Record<string, string> {
  return Object.fromEntries(
    fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .sort()
      .filter((name) => !leaveOut.includes(name) && fs.statSync(path.join(dir, name)).isFile())
      .map((name) => [name, fs.readFileSync(path.join(dir, name)).toString('latin1')]),
  );
}

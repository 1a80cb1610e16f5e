import { readFileSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../errors/LedgerscanError.js';

export interface JobFile {
  /** Absolute path. */
  path: string;
  /** Where the file's relative paths start from. */
  dir: string;
  /** The parsed JSON, not yet validated. */
  data: unknown;
}

/** Reads and parses a job file; syntax errors name the line and column. */
export function readJobFile(file: string, cwd: string): JobFile {
  const absolute = path.resolve(cwd, file);
  let text: string;
  try {
    text = readFileSync(absolute, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : `cannot be read (${(error as Error).message})`;
    throw new InputError(`job file ${absolute} ${reason} (check the --config path)`, { cause: error });
  }
  try {
    return { path: absolute, dir: path.dirname(absolute), data: JSON.parse(text.replace(/^\uFEFF/, '')) };
  } catch (error) {
    throw new InputError(`job file ${absolute} is not valid JSON: ${describeSyntaxError(error as Error, text)} (fix the JSON there)`);
  }
}

/**
 * V8's message, with its quote of the source removed (the file may hold secrets) and
 * its character offset turned into a line and column an editor can jump to.
 */
function describeSyntaxError(error: Error, text: string): string {
  // V8 quotes the source, in full for a short text and cut ('…"abc"…') for a long one: drop both forms.
  const reason = error.message
    .replace(/, (?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s, '')
    .replace(/ in JSON at position \d+.*$/s, '')
    .replace(/\s+/g, ' ');
  const position = /at position (\d+)/.exec(error.message)?.[1];
  const atEnd = /end of JSON input/.test(error.message);
  // Some V8 messages carry no offset at all; no location beats a wrong one.
  if (position === undefined && !atEnd) return reason;
  const before = text.slice(0, position === undefined ? text.length : Number(position)).split('\n');
  return `${reason} at line ${before.length} column ${(before.at(-1)?.length ?? 0) + 1}`;
}

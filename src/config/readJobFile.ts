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
  const json = text.replace(/^\uFEFF/, '');
  try {
    return { path: absolute, dir: path.dirname(absolute), data: JSON.parse(json) };
  } catch (error) {
    throw new InputError(`job file ${absolute} is not valid JSON: ${describeSyntaxError(error as Error, json)} (fix the JSON there)`);
  }
}

/**
 * V8's message, with its quote of the source removed (the file may hold secrets) and
 * its character offset turned into a line and column an editor can jump to.
 */
function describeSyntaxError(error: Error, text: string): string {
  const reason = reasonOf(error);
  const given = /at position (\d+)/.exec(error.message)?.[1];
  const atEnd = /end of JSON input/.test(error.message);
  const position = given !== undefined ? Number(given) : atEnd ? text.length : offendingOffset(text, reason);
  const before = text.slice(0, position).split('\n');
  return `${reason} at line ${before.length} column ${(before.at(-1)?.length ?? 0) + 1}`;
}

/** V8's message without its quote of the source (in full for a short text, cut '…"abc"…' for a long one) or offset. */
function reasonOf(error: unknown): string {
  return (error as Error).message
    .replace(/, (?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s, '')
    .replace(/ in JSON at position \d+.*$/s, '')
    .replace(/\s+/g, ' ');
}

/**
 * Where V8's offset-less errors ("Unexpected token ']'", a trailing comma) stand: the shortest prefix of the
 * text that fails with the same reason ends just after the offending character (shorter prefixes only run out).
 */
function offendingOffset(text: string, reason: string): number {
  const failsAlike = (length: number): boolean => {
    try {
      JSON.parse(text.slice(0, length));
      return false;
    } catch (error) {
      return reasonOf(error) === reason;
    }
  };
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (failsAlike(middle)) high = middle;
    else low = middle + 1;
  }
  return Math.max(0, low - 1);
}

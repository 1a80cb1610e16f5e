import { LedgerscanError } from './LedgerscanError.js';

/** What each error kind means to a shell: the exit codes of every command (README); anything not listed is a bug. */
export const EXIT = {
  ok: 0,
  differences: 1,
  input: 2,
  api: 3,
  /** A service we depend on (the database) stopped us; the same code as the API's refusals: stopped from outside. */
  service: 3,
  bug: 70,
} as const;

export function exitCodeFor(error: unknown): number {
  if (error instanceof LedgerscanError) {
    // A built-in template that would drop value is refused like bad input: the user can leave it out and rerun,
    // and the one-line message with template and asset says more than a stack would.
    if (error.kind === 'input' || error.kind === 'defect') return EXIT.input;
    if (error.kind === 'api') return EXIT.api;
    if (error.kind === 'service') return EXIT.service;
  }
  return EXIT.bug;
}

/** One line for the user; a stack only for bugs, where it helps the report. */
export function describeError(error: unknown): string {
  if (error instanceof LedgerscanError && error.kind !== 'internal') return `ledgerscan: ${error.message}`;
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return `ledgerscan: internal error, please report it: ${text}`;
}

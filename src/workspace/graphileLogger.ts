import { Logger } from 'graphile-worker';

/**
 * graphile-worker's notes into our log: warnings and errors only (its info lines name every job it takes), and
 * nothing on the console of a process whose output is ours.
 */
export function graphileLogger(log: ((line: string) => void) | undefined): Logger {
  return new Logger(() => (level, message) => {
    if (level === 'error' || level === 'warning') log?.(`queue ${level}: ${message}`);
  });
}

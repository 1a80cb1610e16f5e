import { LedgerscanError } from '../../errors/LedgerscanError.js';

/** SQLSTATEs of a lost session: connection exceptions (class 08), and the server shutting down or restarting. */
const LOST_STATES = /^(08...|57P01|57P02|57P03)$/;
const LOST_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
/** What `pg` says when the socket closed under it, or no connection came within `connectionTimeoutMillis`; these carry no code. */
const LOST_WORDS =
  /connection terminated|server closed the connection|not queryable|connection error|timeout exceeded when trying to connect/i;

/** Whether a failed statement's error means the session is gone (not that the statement was wrong). */
export function isConnectionLoss(failure: { code: string; message: string }): boolean {
  return LOST_STATES.test(failure.code) || LOST_SOCKET.has(failure.code) || LOST_WORDS.test(failure.message);
}

/**
 * The database went away mid-run (restarted, shut down, connection cut): nothing is wrong with the job, and
 * what was committed stays; running it again resumes from the store. Kind `service`: the CLI exits 3, a
 * workspace worker queues the run again.
 */
export class DatabaseUnavailableError extends LedgerscanError {
  /** `database` must already be redacted (`redactDatabaseUrl`). */
  constructor(database: string, failure: { code: string; message: string }, cause?: unknown) {
    super('the database connection was lost', {
      details: {
        database,
        error: failure.message,
        code: failure.code,
        fix: 'run it again once the database is back; committed pages are kept',
      },
      kind: 'service',
      ...(cause === undefined ? {} : { cause }),
    });
  }
}

/**
 * Whether `error` says the database went away: the class itself, or its kind when it crossed a thread (a part
 * rendered on a worker thread sends back a plain `LedgerscanError` of kind `service`).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return error instanceof LedgerscanError && error.kind === 'service';
}

/**
 * Runs `action` from a timer (a scheduler tick, a stop-flag poll, an event stream's refresh), where nobody
 * could handle its error: while the database is away that turn is skipped (undefined) and the next one tries
 * again; any other error is still thrown.
 */
export async function unlessDatabaseAway<T>(action: () => T | Promise<T>): Promise<T | undefined> {
  try {
    return await action();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    return undefined;
  }
}

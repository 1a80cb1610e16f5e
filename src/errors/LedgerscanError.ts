/**
 * The one base error. A short sentence, labelled detail lines and the cause chained;
 * the edges alone (CLI, web) turn it into an exit code (`exitCode.ts`) or an HTTP status.
 */
export type ErrorDetails = Readonly<Record<string, string | number | undefined>>;

/** What an error means to the person running the tool; `exitCodeFor` maps each to an exit code. */
export type ErrorKind =
  | 'input' // bad input or configuration: exit 2
  | 'api' // the API refused or stopped us (key, plan, daily limit): exit 3
  | 'service' // a service we depend on stopped us (the database went away): exit 3, worth running again
  | 'defect' // a built-in template's output failed its own tie-out: exit 2, one line, nothing written
  | 'internal'; // a bug

export interface LedgerscanErrorOptions {
  details?: ErrorDetails;
  cause?: unknown;
  kind?: ErrorKind;
}

export class LedgerscanError extends Error {
  readonly shortMessage: string;
  readonly details: ErrorDetails;
  readonly kind: ErrorKind;

  constructor(shortMessage: string, options: LedgerscanErrorOptions = {}) {
    const details = options.details ?? {};
    super(formatMessage(shortMessage, details), options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.shortMessage = shortMessage;
    this.details = details;
    this.kind = options.kind ?? 'internal';
  }
}

function formatMessage(shortMessage: string, details: ErrorDetails): string {
  const parts = Object.entries(details)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([label, value]) => `${label}: ${String(value)}`);
  return parts.length === 0 ? shortMessage : `${shortMessage} (${parts.join('; ')})`;
}

/** Bad input or configuration: the message names the field and the fix. */
export class InputError extends LedgerscanError {
  constructor(shortMessage: string, options: Omit<LedgerscanErrorOptions, 'kind'> = {}) {
    super(shortMessage, { ...options, kind: 'input' });
  }
}

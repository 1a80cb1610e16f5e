import { InputError } from '../errors/LedgerscanError.js';
import { redactValues } from '../secrets/redact.js';
import type { Surface } from './Surface.js';

/**
 * Collects every problem in a job so the user fixes them all in one round instead of one per run.
 * Each problem is one clause naming the field, the bad value and the fix.
 */
export class Problems {
  private readonly list: string[] = [];
  private readonly secrets: string[] = [];

  constructor(readonly surface: Surface = 'cli') {}

  /** A fix in the words of whoever reads it: flags and the job file on the CLI, form fields on the pages. */
  worded(fixes: Readonly<Record<Surface, string>>): string {
    return fixes[this.surface];
  }

  add(problem: string): void {
    this.list.push(problem);
  }

  /** Runs a parser that throws `InputError`; records its message and returns `undefined` instead. */
  attempt<T>(parse: () => T): T | undefined {
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      this.add(error.message);
      return undefined;
    }
  }

  /** A value that must never be printed, even when a user pasted it into the wrong field. */
  hide(secret: string): void {
    if (secret !== '') this.secrets.push(secret);
  }

  get count(): number {
    return this.list.length;
  }

  /** One line listing every problem, secrets hidden. */
  message(subject: string): string {
    const noun = this.list.length === 1 ? 'problem' : 'problems';
    return this.redact(`${subject} has ${this.list.length} ${noun}: ${this.list.join('; ')}`);
  }

  /** Throws one `InputError` listing every problem, if there is any. */
  throwIfAny(subject: string, details: Readonly<Record<string, string | undefined>> = {}): void {
    if (this.list.length === 0) return;
    const message = this.message(subject);
    const safeDetails = Object.fromEntries(
      Object.entries(details).map(([label, value]) => [label, value === undefined ? undefined : this.redact(value)]),
    );
    throw new InputError(message, { details: safeDetails });
  }

  private redact(text: string): string {
    return redactValues(text, this.secrets);
  }
}

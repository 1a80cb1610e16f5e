import { InputError } from '../errors/LedgerscanError.js';
import { quoteValue } from './quoteValue.js';

/** An IANA zone name, returned in its canonical spelling (`europe/berlin` → `Europe/Berlin`); spaces around it are no part of it. */
export function parseTimezone(value: unknown, field: string): string {
  if (typeof value === 'string' && value.trim() !== '') {
    try {
      return new Intl.DateTimeFormat('en-US', { timeZone: value.trim() }).resolvedOptions().timeZone;
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
    }
  }
  throw new InputError(`${field} ${quoteValue(value)} is unknown (use an IANA name such as Europe/Berlin or UTC)`);
}

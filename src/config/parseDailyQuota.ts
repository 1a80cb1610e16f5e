import { InputError } from '../errors/LedgerscanError.js';
import { quoteValue } from './quoteValue.js';

/** API calls the key may make per UTC day: a positive whole number. */
export function parseDailyQuota(value: unknown, field: string): number {
  const quota = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(quota) || quota <= 0) {
    throw new InputError(
      `${field} ${quoteValue(value)} is not a positive whole number of calls per day (use e.g. 100000 for the free plan)`,
    );
  }
  return quota;
}

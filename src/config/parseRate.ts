import { InputError } from '../errors/LedgerscanError.js';
import { quoteValue } from './quoteValue.js';

/** API calls per second: a positive, finite number (fractions allowed for slow plans). */
export function parseRate(value: unknown, field: string): number {
  const rate = typeof value === 'number' ? value : typeof value === 'string' && /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isFinite(rate) || rate <= 0) {
    throw new InputError(`${field} ${quoteValue(value)} is not a positive number of calls per second (use e.g. 3 for the free plan)`);
  }
  return rate;
}

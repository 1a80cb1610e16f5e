import { InputError } from '../errors/LedgerscanError.js';
import type { FeeSource } from './Job.js';
import { quoteValue } from './quoteValue.js';

const SOURCES: readonly FeeSource[] = ['auto', 'receipts'];

/** Where fees come from: `auto` (a receipt only where the txlist row cannot give the exact fee) or `receipts` (always). */
export function parseFees(value: unknown, field: string): FeeSource {
  if (SOURCES.includes(value as FeeSource)) return value as FeeSource;
  throw new InputError(`${field} ${quoteValue(value)} is not a fee source (use "auto", or "receipts" to fetch a receipt for every fee)`);
}

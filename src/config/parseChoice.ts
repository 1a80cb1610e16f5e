import type { Problems } from './Problems.js';
import { quoteValue } from './quoteValue.js';
import type { Sourced } from './Sourced.js';

/** One of a setting's named choices (`fifo`, `wallet`), or `undefined` when not given or not one of them (recorded). */
export function parseChoice<T extends string>(
  sourced: Sourced | undefined,
  names: readonly T[],
  what: string,
  problems: Problems,
): T | undefined {
  if (sourced === undefined || sourced.value === undefined) return undefined;
  if (typeof sourced.value === 'string' && (names as readonly string[]).includes(sourced.value)) return sourced.value as T;
  problems.add(`${sourced.field} ${quoteValue(sourced.value)} is not a ${what} (use one of ${names.join(', ')})`);
  return undefined;
}

import type { Problems } from './Problems.js';
import { closestName } from './closestName.js';

/**
 * Reports keys a job-file object does not know, with the likely intended name, so a typo such as
 * "wallet" cannot silently drop a setting. An API key is refused wherever it is put: files get
 * committed and shared, so keys live in flags or the environment only.
 */
export function checkKeys(object: Readonly<Record<string, unknown>>, known: readonly string[], where: string, problems: Problems): void {
  for (const [key, value] of Object.entries(object)) {
    if (known.includes(key)) continue;
    const field = where === '' ? key : `${where}.${key}`;
    if (/^api[-_]?key$/i.test(key)) {
      if (typeof value === 'string') problems.hide(value);
      problems.add(
        `job file key "${field}" is refused: the API key never lives in the job file (remove it; pass --api-key or set ETHERSCAN_API_KEY)`,
      );
      continue;
    }
    const guess = closestName(key, known);
    const fix = guess === undefined ? `known keys: ${known.join(', ')}` : `did you mean "${guess}"?`;
    problems.add(`job file key "${field}" is unknown (${fix})`);
  }
}

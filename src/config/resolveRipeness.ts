import type { Problems } from './Problems.js';
import type { Sourced } from './Sourced.js';
import { describeJsonType } from './describeJsonType.js';
import { isPlainObject } from './isPlainObject.js';
import { parseChainId } from './parseChainId.js';
import { quoteValue } from './quoteValue.js';

/** Per-chain blocks kept behind the head, `{"1": 64}`: known chain ids to whole numbers ≥ 0. */
export function resolveRipeness(ripeness: Sourced | undefined, problems: Problems): Record<number, number> {
  const resolved: Record<number, number> = {};
  if (ripeness === undefined) return resolved;
  if (!isPlainObject(ripeness.value)) {
    problems.add(`${ripeness.field} must be an object such as {"1": 64} (it is ${describeJsonType(ripeness.value)})`);
    return resolved;
  }
  for (const [key, blocks] of Object.entries(ripeness.value)) {
    const id = problems.attempt(() => parseChainId(key, `${ripeness.field} key`));
    if (typeof blocks !== 'number' || !Number.isSafeInteger(blocks) || blocks < 0) {
      problems.add(`${ripeness.field}[${quoteValue(key)}] ${quoteValue(blocks)} is not a block count (use a whole number ≥ 0)`);
    } else if (id !== undefined) {
      resolved[id] = blocks;
    }
  }
  return resolved;
}

import type { Problems } from './Problems.js';
import type { Sourced } from './Sourced.js';
import { describeJsonType } from './describeJsonType.js';
import { isPlainObject } from './isPlainObject.js';
import { parseAddress } from './parseAddress.js';
import { quoteValue } from './quoteValue.js';

/** Counterparty labels `{address: label}`, keyed by lowercase address. */
export function resolveLabels(labels: Sourced | undefined, problems: Problems): Record<string, string> {
  const resolved: Record<string, string> = {};
  if (labels === undefined) return resolved;
  if (!isPlainObject(labels.value)) {
    problems.add(`${labels.field} must be an object such as {"0x…": "Exchange"} (it is ${describeJsonType(labels.value)})`);
    return resolved;
  }
  for (const [key, label] of Object.entries(labels.value)) {
    const address = problems.attempt(() => parseAddress(key, `${labels.field} key`));
    if (typeof label !== 'string' || label.trim() === '') {
      problems.add(`${labels.field}[${quoteValue(key)}] ${quoteValue(label)} is not a text label (use a non-empty string)`);
    } else if (address !== undefined) {
      resolved[address] = label;
    }
  }
  return resolved;
}

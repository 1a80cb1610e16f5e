import { BASIS_METHODS, BASIS_SCOPES, type BasisChange } from '../costbasis/CostBasisSettings.js';
import { checkKeys } from './checkKeys.js';
import { describeJsonType } from './describeJsonType.js';
import { isPlainObject } from './isPlainObject.js';
import { listItems } from './listItems.js';
import { parseDay } from './parseDay.js';
import type { Problems } from './Problems.js';
import { parseChoice } from './parseChoice.js';
import { quoteValue } from './quoteValue.js';
import type { Sourced } from './Sourced.js';

/** A change and the field it came from (`costBasis.changes[1]`), for messages. */
export interface SourcedChange {
  change: BasisChange;
  field: string;
}

/**
 * `costBasis.changes`: a list of `{from, method?, scope?}`, `from` a calendar day, the days strictly ascending
 * (one change per day: two would leave which applies to the order of a list), each naming a method or a scope.
 * Whether it changes what is in force is `resolveCostBasis`'s to say, which knows the start.
 */
export function resolveBasisChanges(sourced: Sourced | undefined, problems: Problems): SourcedChange[] {
  if (sourced === undefined) return [];
  const changes: SourcedChange[] = [];
  for (const item of listItems(sourced, problems) ?? []) {
    const { value, field } = item;
    if (!isPlainObject(value)) {
      problems.add(`${field} must be an object such as {"from": "2025-01-01", "scope": "wallet"} (it is ${describeJsonType(value)})`);
      continue;
    }
    const before = problems.count;
    checkKeys(value, ['from', 'method', 'scope'], field, problems);
    const from =
      value.from === undefined
        ? void problems.add(`${field}.from is missing (add "from": "YYYY-MM-DD", the first day the change applies)`)
        : problems.attempt(() => parseDay(value.from, `${field}.from`));
    const at = (key: string): Sourced => ({ value: value[key], field: `${field}.${key}`, dir: item.dir });
    const method = parseChoice(at('method'), BASIS_METHODS, 'cost-basis method', problems);
    const scope = parseChoice(at('scope'), BASIS_SCOPES, 'basis scope', problems);
    if (value.method === undefined && value.scope === undefined)
      problems.add(`${field} names neither a method nor a scope (add "method" or "scope", the one that changes on its day)`);
    // A change with a problem of its own is not also said to change nothing.
    if (from === undefined || typeof value.from !== 'string' || problems.count > before) continue;
    const last = changes.at(-1);
    if (last !== undefined && value.from <= last.change.from)
      problems.add(
        `${field}.from ${quoteValue(value.from)} is not after ${last.field}.from ${quoteValue(last.change.from)} (list the changes by day, one per day)`,
      );
    changes.push({
      change: { from: value.from, ...(method === undefined ? {} : { method }), ...(scope === undefined ? {} : { scope }) },
      field,
    });
  }
  return changes;
}

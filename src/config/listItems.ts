import type { Problems } from './Problems.js';
import type { Sourced } from './Sourced.js';
import { describeJsonType } from './describeJsonType.js';

/**
 * The items of a list setting, each named for messages: `chains[1]` in the file; for a repeatable
 * flag the flag's name alone, since the value printed beside it already says which one.
 */
export function listItems(list: Sourced, problems: Problems): Sourced[] | undefined {
  if (!Array.isArray(list.value)) {
    problems.add(`${list.field} must be a list (it is ${describeJsonType(list.value)}; write [ … ])`);
    return undefined;
  }
  const isFlag = list.field.startsWith('--');
  return list.value.map((value: unknown, index) => ({ value, field: isFlag ? list.field : `${list.field}[${index}]`, dir: list.dir }));
}

import type { Job } from './Job.js';
import type { Problems } from './Problems.js';
import type { Sourced } from './Sourced.js';
import { checkKeys } from './checkKeys.js';
import { describeJsonType } from './describeJsonType.js';
import { isPlainObject } from './isPlainObject.js';
import { listItems } from './listItems.js';
import { parseAddress } from './parseAddress.js';

/** Token contracts always (`allow`) or never (`deny`) trusted, lowercase; one contract cannot be both. */
export function resolveSpam(spam: Sourced | undefined, problems: Problems): Job['spam'] {
  if (spam === undefined) return { allow: [], deny: [] };
  if (!isPlainObject(spam.value)) {
    problems.add(`${spam.field} must be an object such as {"allow": ["0x…"], "deny": []} (it is ${describeJsonType(spam.value)})`);
    return { allow: [], deny: [] };
  }
  checkKeys(spam.value, ['allow', 'deny'], spam.field, problems);
  const allow = contracts({ ...spam, value: spam.value.allow, field: `${spam.field}.allow` }, problems);
  const deny = contracts({ ...spam, value: spam.value.deny, field: `${spam.field}.deny` }, problems);
  for (const address of allow.filter((contract) => deny.includes(contract))) {
    problems.add(`${spam.field}: ${address} is in both allow and deny (keep it in one of them)`);
  }
  return { allow, deny };
}

function contracts(list: Sourced, problems: Problems): string[] {
  if (list.value === undefined) return [];
  const addresses = (listItems(list, problems) ?? []).map((item) => problems.attempt(() => parseAddress(item.value, item.field)));
  return [...new Set(addresses.filter((address) => address !== undefined))];
}

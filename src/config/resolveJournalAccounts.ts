import { closestName } from './closestName.js';
import { describeJsonType } from './describeJsonType.js';
import { isPlainObject } from './isPlainObject.js';
import type { Problems } from './Problems.js';
import { quoteValue } from './quoteValue.js';
import type { Sourced } from './Sourced.js';
import { LOT_ACCOUNT_KEYS, LOT_JOURNAL_TEMPLATES } from '../templates/lotAccountRoles.js';

/**
 * The job's `accounts`: names the journals with lots use instead of their defaults, keyed by role (`gains`, `fees`,
 * `income.staking_reward`, …) for every such journal, or `<template>.<role>` for one. A key naming no role or
 * template is refused, with the closest known one.
 */
export function resolveJournalAccounts(accounts: Sourced | undefined, problems: Problems): Record<string, string> {
  const resolved: Record<string, string> = {};
  if (accounts === undefined) return resolved;
  if (!isPlainObject(accounts.value)) {
    problems.add(
      `${accounts.field} must be an object such as {"gains": "Realized gain on crypto"} (it is ${describeJsonType(accounts.value)})`,
    );
    return resolved;
  }
  const known = [...LOT_ACCOUNT_KEYS, ...LOT_JOURNAL_TEMPLATES.flatMap((template) => LOT_ACCOUNT_KEYS.map((key) => `${template}.${key}`))];
  for (const [key, name] of Object.entries(accounts.value)) {
    if (!known.includes(key)) {
      const guess = closestName(key, known);
      const roles = `a role (${LOT_ACCOUNT_KEYS.join(', ')}), or one prefixed with ${LOT_JOURNAL_TEMPLATES.join(', ')} and a dot`;
      problems.add(
        `${accounts.field} key ${quoteValue(key)} is unknown (${guess === undefined ? `use ${roles}` : `did you mean "${guess}"?`})`,
      );
    } else if (typeof name !== 'string' || name.trim() === '') {
      problems.add(`${accounts.field}[${quoteValue(key)}] ${quoteValue(name)} is not an account name (use a non-empty string)`);
    } else {
      resolved[key] = name.trim();
    }
  }
  return resolved;
}

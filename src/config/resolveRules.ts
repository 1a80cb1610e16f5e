import { entryIdFromLegacy, LEGACY_ENTRY_ID } from '../ledger/entryId.js';
import { RULE_CATEGORIES, type LedgerRule, type RuleCategory, type RuleMatch } from '../ledger/LedgerRule.js';
import type { Problems } from './Problems.js';
import type { Sourced } from './Sourced.js';
import { checkKeys } from './checkKeys.js';
import { describeJsonType } from './describeJsonType.js';
import { isPlainObject } from './isPlainObject.js';
import { listItems } from './listItems.js';
import { parseAddress } from './parseAddress.js';
import { parseChainId } from './parseChainId.js';
import { invisibleCharacter } from './invisibleCharacter.js';
import { quoteValue } from './quoteValue.js';
import { resolveViewMatch, VIEW_KEYS } from './resolveViewMatch.js';

const RULE_KEYS = ['id', 'match', 'category', 'label', 'spam', 'ignore', 'reason', 'author', 'created'];
const MATCH_KEYS = ['chain', 'contract', 'counterparty', 'method', 'tx', 'entries', ...VIEW_KEYS];
const ENTRY_ID = /^x[0-9a-f]{16}$/;
const ID = /^[A-Za-z0-9_.-]{1,40}$/;
const TX_HASH = /^0x[0-9a-fA-F]{64}$/;
const METHOD = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * The job's ordered override rules (`rules` in the job file; docs/ledger-rules.md "User rules"). Every
 * problem is recorded with its field path and fix; a rule with any problem is left out, and the job fails.
 * Exported apart from `loadJob` so the workspace's book validates rules with the same messages.
 */
export function resolveRules(rules: Sourced | undefined, chains: readonly number[] | undefined, problems: Problems): LedgerRule[] {
  if (rules === undefined) return [];
  const resolved: LedgerRule[] = [];
  const ids = new Set<string>();
  (listItems(rules, problems) ?? []).forEach((item, index) => {
    const rule = resolveRule(item, index, chains, problems);
    if (rule === undefined) return;
    if (ids.has(rule.id)) problems.add(`${item.field}.id ${quoteValue(rule.id)} is used by an earlier rule (give each rule its own id)`);
    ids.add(rule.id);
    resolved.push(rule);
  });
  return resolved;
}

/** One rule; `undefined` (with its problems recorded) when it has any problem. */
export function resolveRule(
  item: Sourced,
  index: number,
  chains: readonly number[] | undefined,
  problems: Problems,
): LedgerRule | undefined {
  const { field, value } = item;
  if (!isPlainObject(value)) {
    problems.add(
      `${field} must be an object such as {"match": {"counterparty": "0x…"}, "label": "Kraken"} (it is ${describeJsonType(value)})`,
    );
    return undefined;
  }
  const before = problems.count;
  checkKeys(value, RULE_KEYS, field, problems);
  const id = value.id === undefined ? `rule${index + 1}` : value.id;
  if (typeof id !== 'string' || !ID.test(id))
    problems.add(`${field}.id ${quoteValue(id)} is not a rule id (use up to 40 letters, digits, "_", "-" or ".")`);
  const match = resolveMatch(value.match, `${field}.match`, chains, problems);
  const category = optionalCategory(value.category, `${field}.category`, problems);
  const label = optionalText(value.label, `${field}.label`, problems);
  const spam = optionalBoolean(value.spam, `${field}.spam`, problems);
  const ignore = optionalBoolean(value.ignore, `${field}.ignore`, problems) ?? false;
  if (value.category === undefined && value.label === undefined && value.spam === undefined && value.ignore !== true) {
    problems.add(`${field} changes nothing (give it a "category", "label", "spam" or "ignore": true)`);
  }
  if (ignore && (category !== null || spam !== null)) {
    problems.add(
      `${field} has "ignore": true with a category or spam setting (an ignored entry leaves the tax files, so drop "category"/"spam" or the "ignore")`,
    );
  }
  const signed = Object.fromEntries(
    (['reason', 'author', 'created'] as const).flatMap((key) => {
      const text = optionalText(value[key], `${field}.${key}`, problems);
      return text === null ? [] : [[key, text]];
    }),
  );
  if (problems.count > before || match === undefined) return undefined;
  return { id: id as string, match, category, label, spam, ignore, ...signed };
}

function resolveMatch(value: unknown, field: string, chains: readonly number[] | undefined, problems: Problems): RuleMatch | undefined {
  if (value === undefined) {
    problems.add(`${field} is missing (add "match" with one or more of ${MATCH_KEYS.join(', ')})`);
    return undefined;
  }
  if (!isPlainObject(value)) {
    problems.add(`${field} must be an object with one or more of ${MATCH_KEYS.join(', ')} (it is ${describeJsonType(value)})`);
    return undefined;
  }
  checkKeys(value, MATCH_KEYS, field, problems);
  const match: RuleMatch = { chainId: null, contract: null, counterparty: null, method: null, txHash: null };
  if (value.chain !== undefined) {
    const chainId = problems.attempt(() => parseChainId(value.chain, `${field}.chain`)) ?? null;
    if (chainId !== null && chains !== undefined && !chains.includes(chainId)) {
      problems.add(`${field}.chain ${chainId} is not a chain of this job (use one of ${chains.join(', ')}, or add it to "chains")`);
    }
    match.chainId = chainId;
  }
  if (value.contract !== undefined) match.contract = problems.attempt(() => parseAddress(value.contract, `${field}.contract`)) ?? null;
  if (value.counterparty !== undefined)
    match.counterparty = problems.attempt(() => parseAddress(value.counterparty, `${field}.counterparty`)) ?? null;
  if (value.method !== undefined) {
    if (typeof value.method === 'string' && METHOD.test(value.method)) match.method = value.method.toLowerCase();
    else
      problems.add(
        `${field}.method ${quoteValue(value.method)} is not a function name (write it as the "method" column shows it, e.g. "swapExactTokensForETH")`,
      );
  }
  if (value.tx !== undefined) {
    if (typeof value.tx === 'string' && TX_HASH.test(value.tx)) match.txHash = value.tx.toLowerCase();
    else problems.add(`${field}.tx ${quoteValue(value.tx)} is not a transaction hash (use 0x followed by 64 hex digits)`);
  }
  if (value.entries !== undefined) {
    const ids = Array.isArray(value.entries) ? value.entries : [];
    if (
      ids.length === 0 ||
      ids.length > 100 ||
      !ids.every((id) => typeof id === 'string' && (ENTRY_ID.test(id) || LEGACY_ENTRY_ID.test(id)))
    ) {
      problems.add(
        `${field}.entries ${quoteValue(value.entries)} is not a list of entry ids (copy them from the entry_id column: ["x…", "x…"], at most 100)`,
      );
    } else {
      // An id copied from a file filed before the letter names the same entry as today's.
      match.entries = [...new Set((ids as string[]).map((id) => (LEGACY_ENTRY_ID.test(id) ? entryIdFromLegacy(id) : id)))];
    }
  }
  Object.assign(match, resolveViewMatch(value, field, problems));
  if (MATCH_KEYS.every((key) => key === 'chain' || value[key] === undefined)) {
    problems.add(`${field} matches every entry (give at least one of ${MATCH_KEYS.filter((key) => key !== 'chain').join(', ')})`);
  }
  return match;
}

function optionalCategory(value: unknown, field: string, problems: Problems): RuleCategory | null {
  if (value === undefined) return null;
  if (typeof value === 'string' && (RULE_CATEGORIES as readonly string[]).includes(value)) return value as RuleCategory;
  problems.add(`${field} ${quoteValue(value)} is not a category a rule may set (use one of ${RULE_CATEGORIES.join(', ')})`);
  return null;
}

function optionalText(value: unknown, field: string, problems: Problems): string | null {
  if (value === undefined) return null;
  const refusal = typeof value === 'string' ? invisibleCharacter(value, field) : undefined;
  if (refusal !== undefined) problems.add(refusal);
  else if (typeof value === 'string' && value.trim() !== '') return value;
  else problems.add(`${field} ${quoteValue(value)} is not a text label (use a non-empty string)`);
  return null;
}

function optionalBoolean(value: unknown, field: string, problems: Problems): boolean | null {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value;
  problems.add(`${field} ${quoteValue(value)} is not true or false (write true or false without quotes)`);
  return null;
}

import type { Category, Direction } from '../ledger/LedgerEntry.js';
import { RULE_CATEGORIES, type RuleMatch } from '../ledger/LedgerRule.js';
import type { Problems } from './Problems.js';
import { parseAddress } from './parseAddress.js';
import { parseInstant } from './parseInstant.js';
import { quoteValue } from './quoteValue.js';

/** A rule's criteria that a filtered view of the transactions table has (docs/ledger-rules.md, "User rules"). */
export const VIEW_KEYS = ['wallet', 'asset', 'category', 'direction', 'from', 'to', 'text', 'spam'] as const;

type ViewMatch = Pick<RuleMatch, 'wallet' | 'asset' | 'category' | 'direction' | 'from' | 'to' | 'text' | 'spam'>;

/** Every category the ledger writes, fees included: a rule may match a fee, never set one. */
const LEDGER_CATEGORIES: readonly string[] = [...RULE_CATEGORIES, 'fee', 'failed_fee'];
/** An instant with its offset: a rule has no time zone of its own. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:\d{2})$/;
const TEXT_MAX = 200;

/** The view criteria of a rule's `match`, each checked with its field named; absent keys stay absent. */
export function resolveViewMatch(value: Readonly<Record<string, unknown>>, field: string, problems: Problems): ViewMatch {
  const match: ViewMatch = {};
  if (value.wallet !== undefined) {
    const wallet = problems.attempt(() => parseAddress(value.wallet, `${field}.wallet`));
    if (wallet !== undefined) match.wallet = wallet;
  }
  if (value.asset !== undefined) {
    if (typeof value.asset === 'string' && value.asset.trim() !== '' && !value.asset.startsWith('0x') && value.asset.length <= TEXT_MAX)
      match.asset = value.asset.trim().toLowerCase();
    else
      problems.add(
        `${field}.asset ${quoteValue(value.asset)} is not a symbol (write it as the asset column shows it; a token by address is "contract")`,
      );
  }
  if (value.category !== undefined) {
    if (typeof value.category === 'string' && LEDGER_CATEGORIES.includes(value.category)) match.category = value.category as Category;
    else
      problems.add(`${field}.category ${quoteValue(value.category)} is not a ledger category (use one of ${LEDGER_CATEGORIES.join(', ')})`);
  }
  if (value.direction !== undefined) {
    if (value.direction === 'in' || value.direction === 'out') match.direction = value.direction as Direction;
    else problems.add(`${field}.direction ${quoteValue(value.direction)} is not a direction (use "in" or "out")`);
  }
  for (const key of ['from', 'to'] as const) {
    const given = value[key];
    if (given === undefined) continue;
    if (typeof given === 'string' && INSTANT.test(given)) {
      const time = problems.attempt(() => parseInstant(given, `${field}.${key}`, 'UTC').time);
      if (time !== undefined) match[key] = time;
    } else
      problems.add(`${field}.${key} ${quoteValue(given)} is not an instant (use YYYY-MM-DDTHH:MM:SS with Z or ±HH:MM; "to" is exclusive)`);
  }
  if (match.from !== undefined && match.to !== undefined && match.from >= match.to)
    problems.add(`${field}.from is not before ${field}.to (swap them: "to" is the first instant no longer matched)`);
  if (value.text !== undefined) {
    if (typeof value.text === 'string' && value.text.trim() !== '' && value.text.length <= TEXT_MAX)
      match.text = value.text.trim().toLowerCase();
    else problems.add(`${field}.text ${quoteValue(value.text)} is not a search text (use 1 to ${TEXT_MAX} characters)`);
  }
  if (value.spam !== undefined) {
    if (typeof value.spam === 'boolean') match.spam = value.spam;
    else problems.add(`${field}.spam ${quoteValue(value.spam)} is not true or false (write true or false without quotes)`);
  }
  return match;
}

import { parseChainId } from '../../config/parseChainId.js';
import { parseDay } from '../../config/parseDay.js';
import { periodInZone } from '../../config/periodInZone.js';
import { DateFormatter } from '../../templates/DateFormatter.js';
import type { BookRule } from '../WorkspaceData.js';
import type { BookEntry, EntryFilter } from './BookEntries.js';
import type { SqlBookEntries } from './SqlBookEntries.js';

/** The table's filters that show a rule's rows (the page's query fields): its chain, and its most telling criterion. */
export interface RuleRows {
  chain?: string;
  /** A whole transaction hash, a counterparty or a method. */
  q?: string;
  /** A token contract, or a symbol. */
  asset?: string;
  // A view's other filters (a rule made from a view, `viewRuleMatch`): its days in the book's zone.
  wallet?: string;
  category?: string;
  spam?: string;
  from?: string;
  to?: string;
}

/** What the book's table shows of a rule: the legs it names (an own transfer's), the view of its rows, whether it matches nothing. */
export interface RuleReach {
  /** The entries a rule by entry ids names that the table has, in ledger order; ids it lacks are `missing`. */
  named: BookEntry[];
  missing: string[];
  /** The view that holds its rows (none for a rule by entry ids: each leg links to its transaction). */
  rows: RuleRows | undefined;
  /** No entry of the table has what it asks: it changes nothing (yet). */
  matchesNothing: boolean;
}

/**
 * The view of a rule's rows: a transaction hash matches exactly, a contract by its index; a counterparty or a method
 * is a text search, which finds every row the rule matches and maybe more (so an empty view means it matches nothing).
 * A rule made from a view gives that view back (its instants as the days of the book's zone they start).
 */
export function ruleRows(match: Record<string, unknown>, zone: string): RuleRows | undefined {
  const text = (key: string): string | undefined => (typeof match[key] === 'string' ? (match[key] as string).toLowerCase() : undefined);
  const day = (key: string, shift: number): string | undefined =>
    typeof match[key] === 'string'
      ? new DateFormatter('yyyy-MM-dd', zone).format(Date.parse(match[key] as string) / 1000 + shift)
      : undefined;
  const rows: RuleRows = Object.fromEntries(
    Object.entries({
      chain: match.chain === undefined ? undefined : String(match.chain),
      wallet: text('wallet'),
      asset: text('contract') ?? text('asset'),
      category: text('category'),
      spam: typeof match.spam === 'boolean' ? String(match.spam) : undefined,
      from: day('from', 0),
      // `to` is the first instant no longer matched: the view's last day is the one before it.
      to: day('to', -1),
      q: text('tx') ?? text('counterparty') ?? text('method') ?? text('text'),
    }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return Object.keys(rows).some((key) => key !== 'chain') ? rows : undefined;
}

/** Each rule's reach in the book's current table, by rule id: index lookups and counts, no walk of the table. */
export async function ruleReach(
  entries: SqlBookEntries,
  bookId: number,
  rules: readonly BookRule[],
  zone = 'UTC',
): Promise<Map<number, RuleReach>> {
  const reaches = await Promise.all(
    rules.map(async (one): Promise<[number, RuleReach]> => {
      const match = (one.rule.match ?? {}) as Record<string, unknown>;
      const ids = Array.isArray(match.entries) ? match.entries.map(String) : [];
      if (ids.length > 0) {
        const named = await entries.entriesByIds(bookId, ids);
        const found = new Set(named.map((entry) => entry.entryId));
        const missing = ids.filter((id) => !found.has(id));
        return [one.id, { named, missing, rows: undefined, matchesNothing: named.length === 0 }];
      }
      const rows = ruleRows(match, zone);
      const total = rows === undefined ? 1 : (await entries.page(bookId, entryFilterOf(rows, zone), null, 1)).total;
      return [one.id, { named: [], missing: [], rows, matchesNothing: total === 0 }];
    }),
  );
  return new Map(reaches);
}

/** A stored rule's chain was checked when the rule was added. */
function entryFilterOf(rows: RuleRows, zone: string): EntryFilter {
  const { chain, q, asset, wallet, category, spam, from, to } = rows;
  return {
    ...(chain === undefined ? {} : { chainId: parseChainId(chain, 'chain', 'web') }),
    ...(q === undefined ? {} : { q }),
    ...(asset === undefined ? {} : { asset }),
    ...(wallet === undefined ? {} : { wallet }),
    ...(category === undefined ? {} : { category }),
    ...(spam === undefined ? {} : { spam: spam === 'true' }),
    ...(from === undefined ? {} : { from: periodInZone(parseDay(from, 'from'), parseDay(from, 'from'), zone).startTime }),
    ...(to === undefined ? {} : { to: periodInZone(parseDay(to, 'to'), parseDay(to, 'to'), zone).endTime }),
  };
}

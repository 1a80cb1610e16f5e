import { parseChainId } from '../../config/parseChainId.js';
import type { BookRule } from '../WorkspaceData.js';
import type { BookEntry, EntryFilter } from './BookEntries.js';
import type { SqlBookEntries } from './SqlBookEntries.js';

/** The table's filters that show a rule's rows (the page's query fields): its chain, and its most telling criterion. */
export interface RuleRows {
  chain?: string;
  /** A whole transaction hash, a counterparty or a method. */
  q?: string;
  /** A token contract. */
  asset?: string;
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
 */
export function ruleRows(match: Record<string, unknown>): RuleRows | undefined {
  const text = (key: string): string | undefined => (typeof match[key] === 'string' ? (match[key] as string).toLowerCase() : undefined);
  const chain = match.chain === undefined ? undefined : String(match.chain);
  const rows: RuleRows = chain === undefined ? {} : { chain };
  const [tx, contract, counterparty, method] = [text('tx'), text('contract'), text('counterparty'), text('method')];
  if (tx !== undefined) return { ...rows, q: tx };
  if (contract !== undefined) return { ...rows, asset: contract };
  if (counterparty !== undefined) return { ...rows, q: counterparty };
  if (method !== undefined) return { ...rows, q: method };
  return undefined;
}

/** Each rule's reach in the book's current table, by rule id: index lookups and counts, no walk of the table. */
export async function ruleReach(entries: SqlBookEntries, bookId: number, rules: readonly BookRule[]): Promise<Map<number, RuleReach>> {
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
      const rows = ruleRows(match);
      const total = rows === undefined ? 1 : (await entries.page(bookId, entryFilterOf(rows), null, 1)).total;
      return [one.id, { named: [], missing: [], rows, matchesNothing: total === 0 }];
    }),
  );
  return new Map(reaches);
}

/** A stored rule's chain was checked when the rule was added. */
function entryFilterOf(rows: RuleRows): EntryFilter {
  return {
    ...(rows.chain === undefined ? {} : { chainId: parseChainId(rows.chain, 'chain', 'web') }),
    ...(rows.q === undefined ? {} : { q: rows.q }),
    ...(rows.asset === undefined ? {} : { asset: rows.asset }),
  };
}

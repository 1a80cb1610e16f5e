import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { EntryFilter } from './BookEntries.js';
import type { EntryTables } from './entryTables.js';
import type { ViewScope } from './viewScope.js';
import { UNMATCHED_NOTE } from '../../ledger/pairBridges.js';

const WHOLE_HASH = /^0x[0-9a-f]{64}$/;

/** `%` and `_` match themselves in the text filter (`\` escapes them, on both databases). */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (found) => `\\${found}`)}%`;
}

/** A bridge leg whose partner was not found: the ledger's note says so in its cells (`UNMATCHED_NOTE`). */
export function unmatchedBridge(): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref('book_entries.cells')} LIKE ${likePattern(UNMATCHED_NOTE)} ESCAPE '\\'`;
}

/**
 * The where clause of a filtered view of one entry set, one text for SQLite and PostgreSQL. The period arrives as
 * a seq range (read from the time index once), so every filter walks its own `(set, column, seq)` index in order
 * and the first page stops after `limit` rows. A whole transaction hash is matched exactly (its index); other text
 * is a substring of the lowercase search column. Review states are the book's, by stable entry id.
 */
export function entryConditions(
  eb: ExpressionBuilder<EntryTables, 'book_entries'>,
  bookId: number,
  setId: number,
  filter: EntryFilter,
  range: ViewScope,
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [eb('book_entries.set_id', '=', setId)];
  if (range.from > 0) conditions.push(eb('book_entries.seq', '>=', range.from));
  if (range.to !== null) conditions.push(eb('book_entries.seq', '<', range.to));
  if (filter.wallet !== undefined) conditions.push(eb('book_entries.wallet', '=', filter.wallet));
  if (filter.chainId !== undefined) conditions.push(eb('book_entries.chain_id', '=', filter.chainId));
  if (filter.category !== undefined) conditions.push(eb('book_entries.category', '=', filter.category));
  if (filter.spam !== undefined) conditions.push(eb('book_entries.spam', '=', filter.spam ? 1 : 0));
  if (filter.asset !== undefined && filter.asset.startsWith('0x')) conditions.push(eb('book_entries.asset_contract', '=', filter.asset));
  else if (range.symbols !== undefined)
    conditions.push(range.symbols.length === 0 ? sql<SqlBool>`1 = 0` : eb('book_entries.asset', 'in', range.symbols));
  if (filter.q !== undefined && filter.q !== '') {
    conditions.push(
      WHOLE_HASH.test(filter.q)
        ? eb('book_entries.tx_hash', '=', filter.q)
        : sql<SqlBool>`${sql.ref('book_entries.search')} LIKE ${likePattern(filter.q)} ESCAPE '\\'`,
    );
  }
  if (filter.flag === 'missing_price')
    conditions.push(
      eb.and([eb('book_entries.value', '=', ''), eb('book_entries.spam', '=', 0), eb('book_entries.decimals', 'is not', null)]),
    );
  if (filter.flag === 'unmatched_bridge') conditions.push(eb.and([eb('book_entries.category', '=', 'bridge'), unmatchedBridge()]));
  if (filter.review !== undefined) {
    const decided = eb
      .selectFrom('entry_reviews')
      .select('entry_reviews.entry_id')
      .where('entry_reviews.book_id', '=', bookId)
      .whereRef('entry_reviews.entry_id', '=', 'book_entries.entry_id');
    conditions.push(
      filter.review === 'unreviewed'
        ? eb.not(eb.exists(decided.where('entry_reviews.status', '<>', 'unreviewed')))
        : eb.exists(decided.where('entry_reviews.status', '=', filter.review)),
    );
  }
  return eb.and(conditions);
}

import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { EntryFilter } from './BookEntries.js';
import type { EntryTables } from './entryTables.js';

/**
 * What a filter means in one entry set, read from its indexes before the view's query: the seq range a period
 * covers (the ledger's order is time first, so a period is one range of it) and the spellings a symbol has there.
 */
export interface ViewScope {
  from: number;
  /** Exclusive; null: to the end. */
  to: number | null;
  /** The set's symbols equal to the filter's ignoring case (`usdc`: USDC); undefined without a symbol filter. */
  symbols?: readonly string[];
}

/** The filter in the set's terms: its period as a seq range, its symbol as the set's spellings of it. */
export async function viewScope(db: Kysely<EntryTables>, setId: number, filter: EntryFilter): Promise<ViewScope> {
  const range = await seqRange(db, setId, filter);
  if (filter.asset === undefined || filter.asset.startsWith('0x')) return range;
  const wanted = filter.asset.toLowerCase();
  return { ...range, symbols: (await symbols(db, setId)).filter((symbol) => symbol.toLowerCase() === wanted) };
}

/**
 * The set's distinct symbols, one index seek each (a loose scan of its asset index, on both databases): a book has
 * a few hundred symbols, spam included, and up to a million entries. Compared in JS, so both databases fold case alike.
 */
async function symbols(db: Kysely<EntryTables>, setId: number): Promise<string[]> {
  const { rows } = await sql<{ symbol: string | null }>`WITH RECURSIVE symbols(symbol) AS (
    SELECT min(asset) FROM book_entries WHERE set_id = ${setId}
    UNION ALL
    SELECT (SELECT min(asset) FROM book_entries WHERE set_id = ${setId} AND asset > symbols.symbol) FROM symbols WHERE symbols.symbol IS NOT NULL
  ) SELECT symbol FROM symbols WHERE symbol IS NOT NULL`.execute(db);
  return rows.map((row) => row.symbol as string);
}

/** The period as a range of the set's ledger order, from the time index (the ledger is in time order). */
async function seqRange(db: Kysely<EntryTables>, setId: number, filter: EntryFilter): Promise<ViewScope> {
  const firstAt = async (time: number | undefined): Promise<number | null> => {
    if (time === undefined) return null;
    const row = await db
      .selectFrom('book_entries')
      .select('seq')
      .where('set_id', '=', setId)
      .where('timestamp', '>=', time)
      .orderBy('timestamp')
      .orderBy('seq')
      .limit(1)
      .executeTakeFirst();
    return row === undefined ? Number.MAX_SAFE_INTEGER : Number(row.seq);
  };
  return { from: (await firstAt(filter.from)) ?? 0, to: await firstAt(filter.to) };
}

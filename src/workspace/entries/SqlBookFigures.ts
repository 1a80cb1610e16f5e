import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { LedgerscanError } from '../../errors/LedgerscanError.js';
import type { BookFigures } from './BookEntries.js';
import type { EntryTables } from './entryTables.js';
import { unmatchedBridge } from './entryConditions.js';

/** A book's period on the books list, in unix seconds (`to` exclusive); none: its whole table. */
export interface FiguresScope {
  bookId: number;
  from?: number | undefined;
  to?: number | undefined;
}

/** Past any instant a ledger holds (year 5138), and still an integer both databases compare exactly. */
const NO_END = 10 ** 11;

/** A book without a table, or nothing in its period. */
export const NO_FIGURES: BookFigures = {
  review: { unreviewed: 0, reviewed: 0, flagged: 0 },
  missingPrice: 0,
  unclassified: 0,
  unmatchedBridges: 0,
};

/**
 * The books list's figures for every book at once: two statements whatever the number of books (their periods as
 * a list of rows joined to their current tables), not two per book. The first counts each book's entries of its
 * period, spam aside, and those without a price, of category `transfer` and unmatched bridges in the same pass; the
 * second its decided review states, joined from the reviews (a few rows) to the entries they name. One text for
 * SQLite and PostgreSQL. A book without a table, or nothing in its period, is not in the map (`NO_FIGURES`).
 */
export class SqlBookFigures {
  constructor(private readonly db: Kysely<EntryTables>) {}

  async figures(scopes: readonly FiguresScope[]): Promise<Map<number, BookFigures>> {
    if (scopes.length === 0) return new Map();
    // Literals, not parameters: PostgreSQL types a VALUES list's parameters as text. Each is an integer of ours.
    const rows = scopes.map(({ bookId, from, to }) => {
      for (const value of [bookId, from ?? 0, to ?? NO_END])
        if (!Number.isSafeInteger(value))
          throw new LedgerscanError('a books list figure asked for with a non-integer id or instant', {
            details: { value: String(value) },
          });
      return sql`(${sql.lit(bookId)}, ${sql.lit(from ?? 0)}, ${sql.lit(to ?? NO_END)})`;
    });
    const scope = sql`WITH scope(book_id, from_time, to_time) AS (VALUES ${sql.join(rows)}),
      views AS (SELECT scope.book_id, entry_views.set_id, scope.from_time, scope.to_time FROM scope
        JOIN entry_views ON entry_views.book_id = scope.book_id)`;
    const inPeriod = sql`book_entries.set_id = views.set_id AND book_entries.timestamp >= views.from_time
      AND book_entries.timestamp < views.to_time AND book_entries.spam = 0`;
    const counted = await sql<{ book_id: number; entries: number; missing: number; transfers: number; bridges: number }>`${scope}
      SELECT views.book_id, count(*) AS entries,
        sum(CASE WHEN book_entries.value = '' AND book_entries.decimals IS NOT NULL THEN 1 ELSE 0 END) AS missing,
        sum(CASE WHEN book_entries.category = 'transfer' THEN 1 ELSE 0 END) AS transfers,
        sum(CASE WHEN book_entries.category = 'bridge' AND ${unmatchedBridge()} THEN 1 ELSE 0 END) AS bridges
      FROM views JOIN book_entries ON ${inPeriod}
      GROUP BY views.book_id`.execute(this.db);
    const decided = await sql<{ book_id: number; status: string; n: number }>`${scope}
      SELECT views.book_id, entry_reviews.status, count(*) AS n
      FROM views JOIN entry_reviews ON entry_reviews.book_id = views.book_id AND entry_reviews.status IN ('reviewed', 'flagged')
      JOIN book_entries ON book_entries.entry_id = entry_reviews.entry_id AND ${inPeriod}
      GROUP BY views.book_id, entry_reviews.status`.execute(this.db);
    const figures = new Map<number, BookFigures>();
    for (const row of counted.rows)
      figures.set(Number(row.book_id), {
        review: { unreviewed: Number(row.entries), reviewed: 0, flagged: 0 },
        missingPrice: Number(row.missing),
        unclassified: Number(row.transfers),
        unmatchedBridges: Number(row.bridges),
      });
    for (const row of decided.rows) {
      const one = figures.get(Number(row.book_id));
      if (one === undefined || (row.status !== 'reviewed' && row.status !== 'flagged')) continue;
      one.review[row.status] += Number(row.n);
      one.review.unreviewed -= Number(row.n);
    }
    return figures;
  }
}

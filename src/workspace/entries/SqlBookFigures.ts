import type { CompiledQuery, Kysely } from 'kysely';
import { sql, type RawBuilder } from 'kysely';
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

/** Counts of a book's set in its period, as `book_figures` keeps them with what they counted. */
type Counted = EntryTables['book_figures'];

const KEPT = ['set_id', 'refreshed_at', 'from_time', 'to_time', 'reviews_version'] as const;
const COUNTS = ['entries', 'reviewed', 'flagged', 'missing', 'transfers', 'bridges'] as const;

/**
 * The books list's figures for every book at once, a few statements whatever the number of books (their periods as a
 * list of rows joined to their current tables), not two per book: each book's entries of its period, spam aside,
 * its decided review states, and those without a price, of category `transfer` and unmatched bridges. They are
 * counted once per refresh of its table, period and change of its reviews and kept (`book_figures`, with the set's
 * `refreshed_at` and the book's reviews version the triggers bump): a request counts again only the books whose
 * table, period or reviews changed since. One text for SQLite and PostgreSQL. A book without a table, or nothing in
 * its period, is not in the map (`NO_FIGURES`).
 */
export class SqlBookFigures {
  constructor(private readonly db: Kysely<EntryTables>) {}

  /**
   * The last few checks' statements by the scopes they were made for: a request asking the same reuses one, not rebuilt.
   * A few, not one: the list ordered by a figure asks for every book, by anything else for the page's books alone.
   */
  private readonly checks = new Map<string, CompiledQuery<Counted & { stale: number }>>();

  async figures(scopes: readonly FiguresScope[]): Promise<Map<number, BookFigures>> {
    if (scopes.length === 0) return new Map();
    const kept = await this.db.executeQuery(this.checkOf(scopes));
    const stale = kept.rows.filter((row) => Number(row.stale) === 1);
    const counted = [...kept.rows.filter((row) => Number(row.stale) !== 1), ...(await this.count(stale))];
    const figures = new Map<number, BookFigures>();
    for (const row of counted)
      if (Number(row.entries) > 0)
        figures.set(Number(row.book_id), {
          review: {
            unreviewed: Number(row.entries) - Number(row.reviewed) - Number(row.flagged),
            reviewed: Number(row.reviewed),
            flagged: Number(row.flagged),
          },
          missingPrice: Number(row.missing),
          unclassified: Number(row.transfers),
          unmatchedBridges: Number(row.bridges),
        });
    return figures;
  }

  /**
   * The statement reading the books' kept figures and whether each is stale. At 1,000 books it is 3,000 literals, and
   * building and compiling it again took as much of a books-list request's CPU as running it; the list asks the same
   * books with the same periods request after request.
   */
  private checkOf(scopes: readonly FiguresScope[]): CompiledQuery<Counted & { stale: number }> {
    const key = scopes.map(({ bookId, from, to }) => `${bookId} ${from ?? ''} ${to ?? ''}`).join(',');
    const known = this.checks.get(key);
    if (known !== undefined) return known;
    const query = sql<Counted & { stale: number }>`${scopeViews(scopes)}
      SELECT views.*, ${sql.join(COUNTS.map((name) => sql`book_figures.${sql.ref(name)}`))},
        CASE WHEN book_figures.book_id IS NULL THEN 1 ELSE 0 END AS stale
      FROM views LEFT JOIN book_figures ON book_figures.book_id = views.book_id AND ${sql.join(
        KEPT.map((name) => sql`book_figures.${sql.ref(name)} = views.${sql.ref(name)}`),
        sql` AND `,
      )}`.compile(this.db);
    if (this.checks.size >= KEPT_CHECKS) this.checks.delete(this.checks.keys().next().value!);
    this.checks.set(key, query);
    return query;
  }

  /**
   * Counts the books' current sets in their periods and their decided reviews, in one statement each, and keeps the
   * counts with what they counted (read in the same statement as the counts, so a change meanwhile makes them stale).
   */
  private async count(stale: readonly Counted[]): Promise<Counted[]> {
    if (stale.length === 0) return [];
    const views = scopeViews(stale.map((row) => ({ bookId: Number(row.book_id), from: Number(row.from_time), to: Number(row.to_time) })));
    const counted = await sql<Counted>`${views},
      decided AS (SELECT views.book_id,
          sum(CASE WHEN entry_reviews.status = 'reviewed' THEN 1 ELSE 0 END) AS reviewed,
          sum(CASE WHEN entry_reviews.status = 'flagged' THEN 1 ELSE 0 END) AS flagged
        FROM views JOIN entry_reviews ON entry_reviews.book_id = views.book_id AND entry_reviews.status IN ('reviewed', 'flagged')
        JOIN book_entries ON book_entries.entry_id = entry_reviews.entry_id AND ${inPeriod}
        GROUP BY views.book_id),
      counted AS (SELECT views.book_id, count(book_entries.set_id) AS entries,
          sum(CASE WHEN book_entries.value = '' AND book_entries.decimals IS NOT NULL THEN 1 ELSE 0 END) AS missing,
          sum(CASE WHEN book_entries.category = 'transfer' THEN 1 ELSE 0 END) AS transfers,
          sum(CASE WHEN book_entries.category = 'bridge' AND ${unmatchedBridge()} THEN 1 ELSE 0 END) AS bridges
        FROM views LEFT JOIN book_entries ON ${inPeriod}
        GROUP BY views.book_id)
      SELECT views.*, counted.entries, counted.missing, counted.transfers, counted.bridges,
        coalesce(decided.reviewed, 0) AS reviewed, coalesce(decided.flagged, 0) AS flagged
      FROM views JOIN counted ON counted.book_id = views.book_id LEFT JOIN decided ON decided.book_id = views.book_id`.execute(this.db);
    const rows = counted.rows.map((row) => ({
      book_id: Number(row.book_id),
      refreshed_at: row.refreshed_at,
      ...Object.fromEntries([...KEPT.filter((name) => name !== 'refreshed_at'), ...COUNTS].map((name) => [name, Number(row[name] ?? 0)])),
    })) as Counted[];
    for (let start = 0; start < rows.length; start += KEPT_ROWS)
      await this.db
        .insertInto('book_figures')
        .values(rows.slice(start, start + KEPT_ROWS))
        .onConflict((conflict) =>
          conflict
            .column('book_id')
            .doUpdateSet(Object.fromEntries([...KEPT, ...COUNTS].map((name) => [name, sql.ref(`excluded.${name}`)])) as never),
        )
        .execute();
    return rows;
  }
}

/** Checks' statements kept (`SqlBookFigures.checks`): the few scopes a firm's readers ask, the oldest made dropped first. */
const KEPT_CHECKS = 8;

/** Rows a statement keeps at once (12 parameters each, under either database's limit). */
const KEPT_ROWS = 500;

/** An entry of a book's current set in its period, spam aside. */
const inPeriod = sql`book_entries.set_id = views.set_id AND book_entries.timestamp >= views.from_time
  AND book_entries.timestamp < views.to_time AND book_entries.spam = 0`;

/** The books and their periods as a list of rows joined to their current sets and reviews versions (`views`). */
function scopeViews(scopes: readonly FiguresScope[]): RawBuilder<unknown> {
  // Literals, not parameters: PostgreSQL types a VALUES list's parameters as text. Each is an integer of ours.
  const rows = scopes.map(({ bookId, from, to }) => {
    for (const value of [bookId, from ?? 0, to ?? NO_END])
      if (!Number.isSafeInteger(value))
        throw new LedgerscanError('a books list figure asked for with a non-integer id or instant', {
          details: { value: String(value) },
        });
    return sql`(${sql.lit(bookId)}, ${sql.lit(from ?? 0)}, ${sql.lit(to ?? NO_END)})`;
  });
  return sql`WITH scope(book_id, from_time, to_time) AS (VALUES ${sql.join(rows)}),
    views AS (SELECT scope.book_id, entry_views.set_id, entry_views.refreshed_at, scope.from_time, scope.to_time,
        coalesce(book_review_versions.version, 0) AS reviews_version
      FROM scope JOIN entry_views ON entry_views.book_id = scope.book_id
      LEFT JOIN book_review_versions ON book_review_versions.book_id = scope.book_id)`;
}

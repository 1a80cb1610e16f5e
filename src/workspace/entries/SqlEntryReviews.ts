import type { Kysely } from 'kysely';
import type { BookEntry, EntryNote, EntryReview, ReviewCounts, ReviewStatus } from './BookEntries.js';
import type { EntryRow, EntryTables } from './entryTables.js';

const UNREVIEWED: EntryReview = { status: 'unreviewed', author: null, at: null };

/**
 * The review states and notes of a book's entries, by entry id rather than by row of a set, so that they survive
 * every refresh of the table; a state whose entry left the ledger is kept but counts nowhere.
 */
export class SqlEntryReviews {
  constructor(private readonly db: Kysely<EntryTables>) {}

  async review(bookId: number, entryId: string): Promise<EntryReview> {
    const row = await this.db
      .selectFrom('entry_reviews')
      .select(['status', 'author', 'at'])
      .where('book_id', '=', bookId)
      .where('entry_id', '=', entryId)
      .executeTakeFirst();
    return row ?? UNREVIEWED;
  }

  async setReview(bookId: number, entryId: string, status: ReviewStatus, author: string, at: string): Promise<EntryReview> {
    await this.db
      .insertInto('entry_reviews')
      .values({ book_id: bookId, entry_id: entryId, status, author, at })
      .onConflict((conflict) => conflict.columns(['book_id', 'entry_id']).doUpdateSet({ status, author, at }))
      .execute();
    return { status, author, at };
  }

  async addNote(bookId: number, entryId: string, author: string, text: string, at: string): Promise<EntryNote> {
    await this.db.insertInto('entry_notes').values({ book_id: bookId, entry_id: entryId, author, at, text }).execute();
    return { author, at, text };
  }

  async notes(bookId: number, entryId: string): Promise<EntryNote[]> {
    return this.db
      .selectFrom('entry_notes')
      .select(['author', 'at', 'text'])
      .where('book_id', '=', bookId)
      .where('entry_id', '=', entryId)
      .orderBy('seq')
      .execute();
  }

  /**
   * Each book's entries by review state, for the books list ("37 unreviewed, 2 flagged"), in one query for all the
   * books; states of entries gone from the ledger do not count. A book without a table is not in the map.
   */
  async reviewCounts(bookIds: readonly number[]): Promise<Map<number, ReviewCounts>> {
    if (bookIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('entry_views as v')
      .innerJoin('entry_sets as s', 's.id', 'v.set_id')
      .leftJoin('entry_reviews as r', 'r.book_id', 'v.book_id')
      .leftJoin('book_entries as e', (join) => join.onRef('e.entry_id', '=', 'r.entry_id').onRef('e.set_id', '=', 'v.set_id'))
      .select(['v.book_id', 's.entries', 'r.status', (eb) => eb.fn.count<number>('e.entry_id').as('n')])
      .where('v.book_id', 'in', bookIds)
      .groupBy(['v.book_id', 's.entries', 'r.status'])
      .execute();
    const counts = new Map<number, ReviewCounts>();
    for (const row of rows) {
      const bookId = Number(row.book_id);
      const book = counts.get(bookId) ?? { unreviewed: Number(row.entries), reviewed: 0, flagged: 0 };
      const n = Number(row.n);
      if (row.status === 'reviewed' || row.status === 'flagged') {
        book[row.status] += n;
        book.unreviewed -= n;
      }
      counts.set(bookId, book);
    }
    return counts;
  }

  /** Rows of a set as entries, each with its review state and notes (two queries for the whole page). */
  async attach(
    bookId: number,
    columns: readonly string[],
    rows: readonly Pick<EntryRow, 'seq' | 'entry_id' | 'timestamp' | 'cells'>[],
  ): Promise<BookEntry[]> {
    const ids = rows.map((row) => row.entry_id);
    if (ids.length === 0) return [];
    const reviews = await this.db
      .selectFrom('entry_reviews')
      .select(['entry_id', 'status', 'author', 'at'])
      .where('book_id', '=', bookId)
      .where('entry_id', 'in', ids)
      .execute();
    const notes = await this.db
      .selectFrom('entry_notes')
      .select(['entry_id', 'author', 'at', 'text'])
      .where('book_id', '=', bookId)
      .where('entry_id', 'in', ids)
      .orderBy('seq')
      .execute();
    const reviewOf = new Map(reviews.map(({ entry_id, ...review }) => [entry_id, review]));
    const notesOf = new Map<string, EntryNote[]>();
    for (const { entry_id, ...note } of notes) notesOf.set(entry_id, [...(notesOf.get(entry_id) ?? []), note]);
    return rows.map((row) => {
      const cells = JSON.parse(row.cells) as string[];
      return {
        seq: Number(row.seq),
        entryId: row.entry_id,
        timestamp: Number(row.timestamp),
        cells: Object.fromEntries(columns.map((column, index) => [column, cells[index] ?? ''])),
        review: reviewOf.get(row.entry_id) ?? UNREVIEWED,
        notes: notesOf.get(row.entry_id) ?? [],
      };
    });
  }
}

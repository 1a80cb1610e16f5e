import type { Kysely } from 'kysely';
import type { BookEntry, EntryNote, EntryReview, ReviewStatus } from './BookEntries.js';
import type { EntryReviewRecord } from '../../outputs/Output.js';
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
    const row = await this.db
      .insertInto('entry_notes')
      .values({ book_id: bookId, entry_id: entryId, author, at, text })
      .returning('seq')
      .executeTakeFirstOrThrow();
    return { id: Number(row.seq), author, at, text };
  }

  async notes(bookId: number, entryId: string): Promise<EntryNote[]> {
    const rows = await this.db
      .selectFrom('entry_notes')
      .select(['seq', 'author', 'at', 'text'])
      .where('book_id', '=', bookId)
      .where('entry_id', '=', entryId)
      .orderBy('seq')
      .execute();
    return rows.map(({ seq, ...note }) => ({ id: Number(seq), ...note }));
  }

  /** The entry's note `id`; undefined when the entry has no such note (another entry's or book's is not this one's). */
  async note(bookId: number, entryId: string, id: number): Promise<EntryNote | undefined> {
    return (await this.notes(bookId, entryId)).find((note) => note.id === id);
  }

  /** A note's new text; its author and time stay those of its writing (the edit is the audit log's). */
  async editNote(bookId: number, entryId: string, id: number, text: string): Promise<void> {
    await this.db
      .updateTable('entry_notes')
      .set({ text })
      .where('seq', '=', id)
      .where('book_id', '=', bookId)
      .where('entry_id', '=', entryId)
      .execute();
  }

  async deleteNote(bookId: number, entryId: string, id: number): Promise<void> {
    await this.db.deleteFrom('entry_notes').where('seq', '=', id).where('book_id', '=', bookId).where('entry_id', '=', entryId).execute();
  }

  /**
   * The book's entries with a state other than `unreviewed` or with notes, as an export files them (`review.csv`):
   * every one the book keeps, the export taking those of its period. Notes as `author: text`, oldest first.
   */
  async filed(bookId: number): Promise<EntryReviewRecord[]> {
    const reviews = await this.db
      .selectFrom('entry_reviews')
      .select(['entry_id', 'status', 'author', 'at'])
      .where('book_id', '=', bookId)
      .where('status', '!=', 'unreviewed')
      .execute();
    const notes = await this.db
      .selectFrom('entry_notes')
      .select(['entry_id', 'author', 'text'])
      .where('book_id', '=', bookId)
      .orderBy('seq')
      .execute();
    const records = new Map<string, EntryReviewRecord & { notes: string[] }>();
    const record = (entryId: string) => {
      const known = records.get(entryId) ?? { entryId, status: 'unreviewed', reviewer: '', reviewedAt: '', notes: [] };
      records.set(entryId, known);
      return known;
    };
    for (const row of reviews)
      Object.assign(record(row.entry_id), { status: row.status, reviewer: row.author ?? '', reviewedAt: row.at ?? '' });
    for (const row of notes) record(row.entry_id).notes.push(`${row.author}: ${row.text}`);
    return [...records.values()];
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
      .select(['seq', 'entry_id', 'author', 'at', 'text'])
      .where('book_id', '=', bookId)
      .where('entry_id', 'in', ids)
      .orderBy('seq')
      .execute();
    const reviewOf = new Map(reviews.map(({ entry_id, ...review }) => [entry_id, review]));
    const notesOf = new Map<string, EntryNote[]>();
    for (const { entry_id, seq, ...note } of notes) notesOf.set(entry_id, [...(notesOf.get(entry_id) ?? []), { id: Number(seq), ...note }]);
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

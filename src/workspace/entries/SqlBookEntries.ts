import type { Kysely } from 'kysely';
import { InputError } from '../../errors/LedgerscanError.js';
import type { BookEntry, EntryCursor, EntryFilter, EntryPage, EntryTotals } from './BookEntries.js';
import type { ViewScope } from './viewScope.js';
import { viewScope } from './viewScope.js';
import { entryConditions } from './entryConditions.js';
import type { EntryTables, NewEntryRow, ReviewActionTables, SuggestionTables } from './entryTables.js';
import type { WorkspaceTables } from '../workspaceRows.js';
import { sumTotals } from './sumTotals.js';
import { SqlEntryReviews } from './SqlEntryReviews.js';
import { SqlReviewActions } from './SqlReviewActions.js';
import { SqlSuggestions } from './SqlSuggestions.js';
import { SqlBookFigures } from './SqlBookFigures.js';
import type { CurrentSet } from './SqlEntrySets.js';
import { SqlEntrySets } from './SqlEntrySets.js';

/** Rows read per statement when the whole filtered view is walked (CSV, totals). */
const WALK_ROWS = 5_000;

/**
 * A book's materialized ledger (and, through `reviews`, its reviews and notes) in the workspace database: one Kysely query text for SQLite
 * (`workspace.db`) and PostgreSQL, as `SqlWorkspaceData`. Kept there rather than in the book's store because the
 * review filter joins the reviews (workspace data, by user) to the entries, and a join needs one database.
 */
export class SqlBookEntries {
  private readonly db: Kysely<EntryTables>;
  /** The entries' review states and notes, kept by entry id so they outlive a refresh. */
  readonly reviews: SqlEntryReviews;
  /** The legs suggested matches are made of, and the pairs users dismissed. */
  readonly suggestions: SqlSuggestions;
  /** Review status set on a whole filtered view at once, and undone. */
  readonly reviewActions: SqlReviewActions;
  /** Every listed book's review and flags in its period, a few statements for all of them (the books list). */
  readonly figures: SqlBookFigures;
  /** The entry sets written, shown and brought up to date (a refresh). */
  readonly sets: SqlEntrySets;

  constructor(db: Kysely<WorkspaceTables>) {
    this.db = db.withTables<EntryTables>() as unknown as Kysely<EntryTables>;
    this.reviews = new SqlEntryReviews(this.db);
    this.sets = new SqlEntrySets(this.db);
    this.suggestions = new SqlSuggestions(db.withTables<SuggestionTables>() as unknown as Kysely<SuggestionTables>);
    this.figures = new SqlBookFigures(this.db);
    this.reviewActions = new SqlReviewActions(db.withTables<ReviewActionTables>() as unknown as Kysely<ReviewActionTables>);
  }

  /** The book's table becomes `rows` (ledger order): `sets.update`, which writes only what changed; the number of entries. */
  async replace(
    bookId: number,
    columns: readonly string[],
    rows: Iterable<NewEntryRow> | AsyncIterable<NewEntryRow>,
    now: string,
    settings = '',
  ): Promise<number> {
    return (await this.sets.update(bookId, columns, rows, now, settings)).entries;
  }

  /**
   * One page of the filtered view after `cursor` (or, a `before` cursor, the page ending before it), in ledger
   * order, with the view's count and the cursors of the pages on either side.
   */
  async page(bookId: number, filter: EntryFilter, cursor: EntryCursor | null, limit: number): Promise<EntryPage> {
    const set = await this.sets.current(bookId);
    if (set === undefined) return { entries: [], next: null, previous: null, total: 0, columns: [], refreshedAt: null, settings: '' };
    if (cursor !== null && cursor.set !== set.id) {
      throw new InputError('cursor belongs to an earlier refresh of the table', {
        details: { field: 'cursor', fix: 'start again from the first page (no cursor)' },
      });
    }
    const scope = await viewScope(this.db, set.id, filter);
    const backwards = cursor?.before === true;
    const rows = await this.db
      .selectFrom('book_entries')
      .select(['seq', 'entry_id', 'timestamp', 'cells'])
      .where((eb) => entryConditions(eb, bookId, set.id, filter, scope))
      .$if(cursor !== null, (query) => query.where('seq', backwards ? '<' : '>', cursor?.seq ?? 0))
      .orderBy('seq', backwards ? 'desc' : 'asc')
      .limit(limit + 1)
      .execute();
    const more = rows.length > limit;
    const shown = backwards ? rows.slice(0, limit).reverse() : rows.slice(0, limit);
    const [first, last] = [shown[0], shown.at(-1)];
    const at = (row: { seq: number } | undefined, before: boolean): EntryCursor | null =>
      row === undefined ? null : { set: set.id, seq: Number(row.seq), ...(before ? { before: true as const } : {}) };
    return {
      entries: await this.reviews.attach(bookId, set.columns, shown),
      next: backwards || more ? at(last, false) : null,
      previous: (backwards ? more : cursor !== null) ? at(first, true) : null,
      total: await this.count(bookId, set, filter, scope),
      columns: set.columns,
      refreshedAt: set.refreshedAt,
      settings: set.settings,
    };
  }

  /** The whole filtered view in ledger order, a chunk at a time (the CSV download). */
  async *walk(bookId: number, filter: EntryFilter): AsyncGenerator<{ columns: string[]; entries: BookEntry[] }> {
    let cursor: EntryCursor | null = null;
    do {
      const page: EntryPage = await this.page(bookId, filter, cursor, WALK_ROWS);
      yield { columns: page.columns, entries: page.entries };
      cursor = page.next;
    } while (cursor !== null);
  }

  /** The units the filtered view moves per asset, in and out, exact (base units summed as integers), and its value. */
  async totals(bookId: number, filter: EntryFilter): Promise<EntryTotals> {
    const set = await this.sets.current(bookId);
    if (set === undefined) return { assets: [], value: null };
    const scope = await viewScope(this.db, set.id, filter);
    const walk = async function* (db: Kysely<EntryTables>) {
      let after = 0;
      for (;;) {
        const rows = await db
          .selectFrom('book_entries')
          .select(['seq', 'chain_id', 'asset', 'asset_contract', 'direction', 'amount_raw', 'decimals', 'spam', 'value', 'value_currency'])
          .where((eb) => entryConditions(eb, bookId, set.id, filter, scope))
          .where('seq', '>', after)
          .orderBy('seq')
          .limit(WALK_ROWS)
          .execute();
        yield rows;
        if (rows.length < WALK_ROWS) return;
        after = Number(rows.at(-1)?.seq);
      }
    };
    return sumTotals(walk(this.db));
  }

  /** The entries of the book's current table among `entryIds`, in ledger order (a rule's named legs). */
  async entriesByIds(bookId: number, entryIds: readonly string[]): Promise<BookEntry[]> {
    const set = await this.sets.current(bookId);
    if (set === undefined || entryIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('book_entries')
      .select(['seq', 'entry_id', 'timestamp', 'cells'])
      .where('set_id', '=', set.id)
      .where('entry_id', 'in', entryIds)
      .orderBy('seq')
      .execute();
    return this.reviews.attach(bookId, set.columns, rows);
  }

  /** Whether the book's current table has the entry (notes and reviews are taken for entries it shows). */
  async hasEntry(bookId: number, entryId: string): Promise<boolean> {
    const set = await this.sets.current(bookId);
    if (set === undefined) return false;
    return (
      (await this.db
        .selectFrom('book_entries')
        .select('seq')
        .where('set_id', '=', set.id)
        .where('entry_id', '=', entryId)
        .executeTakeFirst()) !== undefined
    );
  }

  private async count(bookId: number, set: CurrentSet, filter: EntryFilter, scope: ViewScope): Promise<number> {
    if (Object.values(filter).every((value) => value === undefined)) return set.entries;
    const row = await this.db
      .selectFrom('book_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => entryConditions(eb, bookId, set.id, filter, scope))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

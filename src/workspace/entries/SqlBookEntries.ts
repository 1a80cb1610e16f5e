import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { InputError } from '../../errors/LedgerscanError.js';
import type { BookEntry, EntryCursor, EntryFilter, EntryPage, EntryTotals } from './BookEntries.js';
import type { ViewScope } from './viewScope.js';
import { viewScope } from './viewScope.js';
import { entryConditions } from './entryConditions.js';
import type { EntryRow, EntryTables, ReviewActionTables, SuggestionTables } from './entryTables.js';
import type { WorkspaceTables } from '../workspaceRows.js';
import { sumTotals } from './sumTotals.js';
import { SqlEntryReviews } from './SqlEntryReviews.js';
import { SqlReviewActions } from './SqlReviewActions.js';
import { SqlSuggestions } from './SqlSuggestions.js';
import { SqlBookFigures } from './SqlBookFigures.js';

/** Rows per insert: under SQLite's and PostgreSQL's bound-parameter limits at 18 columns. */
const INSERT_ROWS = 500;
/** Rows an old set loses per delete, so a SQLite refresh never holds the write lock for long. */
const DELETE_ROWS = 20_000;
/** Rows read per statement when the whole filtered view is walked (CSV, totals). */
const WALK_ROWS = 5_000;

export type NewEntryRow = Omit<EntryRow, 'set_id' | 'seq'>;

interface CurrentSet {
  id: number;
  columns: string[];
  entries: number;
  refreshedAt: string;
  settings: string;
}

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

  constructor(db: Kysely<WorkspaceTables>) {
    this.db = db.withTables<EntryTables>() as unknown as Kysely<EntryTables>;
    this.reviews = new SqlEntryReviews(this.db);
    this.suggestions = new SqlSuggestions(db.withTables<SuggestionTables>() as unknown as Kysely<SuggestionTables>);
    this.figures = new SqlBookFigures(this.db);
    this.reviewActions = new SqlReviewActions(db.withTables<ReviewActionTables>() as unknown as Kysely<ReviewActionTables>);
  }

  /** `write` then `publish`: the book's table becomes `rows` (ledger order); the number of entries. */
  async replace(
    bookId: number,
    columns: readonly string[],
    rows: Iterable<NewEntryRow> | AsyncIterable<NewEntryRow>,
    now: string,
    settings = '',
  ): Promise<number> {
    const written = await this.write(bookId, columns, rows, now, settings);
    await this.publish(bookId, written.setId, now);
    return written.entries;
  }

  /**
   * Writes `rows` (ledger order) as a new entry set in short statements, not yet shown: `publish` shows it,
   * `discard` drops it. Nothing is left behind when the rows fail. `settings`: the `bookSettings` it is built from
   * ('' when unknown: never said to be stale).
   */
  async write(
    bookId: number,
    columns: readonly string[],
    rows: Iterable<NewEntryRow> | AsyncIterable<NewEntryRow>,
    now: string,
    settings = '',
  ): Promise<{ setId: number; entries: number }> {
    const { id } = await this.db
      .insertInto('entry_sets')
      .values({ book_id: bookId, columns: JSON.stringify(columns), entries: 0, created_at: now, settings })
      .returning('id')
      .executeTakeFirstOrThrow();
    let seq = 0;
    try {
      let batch: EntryRow[] = [];
      for await (const row of rows) {
        batch.push({ ...row, set_id: id, seq: (seq += 1) });
        if (batch.length === INSERT_ROWS) {
          await this.db.insertInto('book_entries').values(batch).execute();
          batch = [];
        }
      }
      if (batch.length > 0) await this.db.insertInto('book_entries').values(batch).execute();
      await this.db.updateTable('entry_sets').set({ entries: seq }).where('id', '=', id).execute();
    } catch (error) {
      await this.discard(id);
      throw error;
    }
    return { setId: Number(id), entries: seq };
  }

  /**
   * Makes a written set the book's current one in one statement: a reader sees the old set or the new one, never
   * half. A set older than the current one is dropped (two refreshes raced). Older sets are deleted afterwards.
   */
  async publish(bookId: number, setId: number, now: string): Promise<void> {
    await this.db
      .insertInto('entry_views')
      .values({ book_id: bookId, set_id: setId, refreshed_at: now })
      .onConflict((conflict) =>
        conflict.column('book_id').doUpdateSet({ set_id: setId, refreshed_at: now }).where('entry_views.set_id', '<', setId),
      )
      .execute();
    const current = await this.currentSet(bookId);
    const old = await this.db
      .selectFrom('entry_sets')
      .select('id')
      .where('book_id', '=', bookId)
      .where('id', '<>', current?.id ?? setId)
      .execute();
    for (const set of old) await this.discard(Number(set.id));
    // The planner's statistics follow the new rows, so a selective filter (a hash, a wallet's category) takes its index,
    // while the set is a tenth of the shared table or more (autovacuum's own analyse threshold): a young table's. A small
    // book's set in a firm's table hardly moves them, and analysing the whole table for each cost a night 1,000 analyses.
    const table = await this.db
      .selectFrom('entry_sets')
      .select((eb) => eb.fn.sum<number | string | null>('entries').as('rows'))
      .executeTakeFirst();
    if ((current?.entries ?? 0) * 10 >= Number(table?.rows ?? 0)) await sql`ANALYZE book_entries`.execute(this.db);
  }

  /** In a written set's entries `seqs`, the text `from` of every cell becomes `to` (a rule's id once it is stored). */
  async renameInCells(setId: number, seqs: readonly number[], from: string, to: string): Promise<void> {
    for (let start = 0; start < seqs.length; start += INSERT_ROWS) {
      await this.db
        .updateTable('book_entries')
        .set({ cells: sql<string>`replace(cells, ${from}, ${to})` })
        .where('set_id', '=', setId)
        .where('seq', 'in', seqs.slice(start, start + INSERT_ROWS))
        .execute();
    }
  }

  async currentSet(bookId: number): Promise<CurrentSet | undefined> {
    const row = await this.db
      .selectFrom('entry_views as v')
      .innerJoin('entry_sets as s', 's.id', 'v.set_id')
      .select(['s.id', 's.columns', 's.entries', 's.settings', 'v.refreshed_at'])
      .where('v.book_id', '=', bookId)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const { id, columns, entries, settings } = row;
    return { id: Number(id), columns: JSON.parse(columns) as string[], entries: Number(entries), refreshedAt: row.refreshed_at, settings };
  }

  /**
   * One page of the filtered view after `cursor` (or, a `before` cursor, the page ending before it), in ledger
   * order, with the view's count and the cursors of the pages on either side.
   */
  async page(bookId: number, filter: EntryFilter, cursor: EntryCursor | null, limit: number): Promise<EntryPage> {
    const set = await this.currentSet(bookId);
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
    const set = await this.currentSet(bookId);
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
    const set = await this.currentSet(bookId);
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
    const set = await this.currentSet(bookId);
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

  /** Drops a set, a bounded number of rows per statement. */
  async discard(setId: number): Promise<void> {
    for (;;) {
      const last = await this.db
        .selectFrom('book_entries')
        .select('seq')
        .where('set_id', '=', setId)
        .orderBy('seq')
        .offset(DELETE_ROWS - 1)
        .limit(1)
        .executeTakeFirst();
      if (last === undefined) break;
      await this.db.deleteFrom('book_entries').where('set_id', '=', setId).where('seq', '<=', last.seq).execute();
    }
    await this.db.deleteFrom('entry_sets').where('id', '=', setId).execute();
  }
}

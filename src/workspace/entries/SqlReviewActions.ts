import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { EntryFilter, ReviewStatus } from './BookEntries.js';
import { entryConditions } from './entryConditions.js';
import type { EntryTables, ReviewActionTables } from './entryTables.js';
import { viewScope } from './viewScope.js';

/** A bulk review as its undo finds it. */
export interface ReviewAction {
  id: number;
  bookId: number;
  filter: EntryFilter;
  status: ReviewStatus;
  changed: number;
  undoneAt: string | null;
}

/**
 * Review status set on every entry of a filtered view at once, and undone: a few statements whatever the view's
 * size, one text for SQLite and PostgreSQL. The entries whose status changes are kept with their previous state
 * (none: no row), so the undo puts back exactly that; an entry already in the status is not touched.
 */
export class SqlReviewActions {
  constructor(private readonly db: Kysely<ReviewActionTables>) {}

  /** The action's id and how many entries changed; undefined when the book has no table yet. */
  async mark(
    bookId: number,
    filter: EntryFilter,
    status: ReviewStatus,
    author: string,
    at: string,
  ): Promise<{ action: number; changed: number } | undefined> {
    const view = await this.db.selectFrom('entry_views').select('set_id').where('book_id', '=', bookId).executeTakeFirst();
    if (view === undefined) return undefined;
    const setId = Number(view.set_id);
    const scope = await viewScope(this.db as unknown as Kysely<EntryTables>, setId, filter);
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('review_actions')
        .values({ book_id: bookId, filter: JSON.stringify(filter), status, author, at, changed: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const action = Number(row.id);
      // The action id as a literal: a bound parameter in a select list has no type PostgreSQL could insert as bigint.
      const kept = await trx
        .insertInto('review_action_entries')
        .columns(['action_id', 'entry_id', 'status', 'author', 'at'])
        .expression(
          trx
            .selectFrom('book_entries')
            .leftJoin('entry_reviews', (join) =>
              join.on('entry_reviews.book_id', '=', bookId).onRef('entry_reviews.entry_id', '=', 'book_entries.entry_id'),
            )
            .select([
              sql.lit(action).as('action_id'),
              'book_entries.entry_id',
              'entry_reviews.status',
              'entry_reviews.author',
              'entry_reviews.at',
            ])
            .distinct()
            .where((eb) => entryConditions(eb as unknown as ExpressionBuilder<EntryTables, 'book_entries'>, bookId, setId, filter, scope))
            .where((eb) => eb(eb.fn.coalesce('entry_reviews.status', sql.lit('unreviewed')), '<>', status)),
        )
        .executeTakeFirstOrThrow();
      const changed = Number(kept.numInsertedOrUpdatedRows ?? 0);
      await trx.updateTable('review_actions').set({ changed }).where('id', '=', action).execute();
      await restore(trx, action, 'action');
      return { action, changed };
    });
  }

  async action(bookId: number, id: number): Promise<ReviewAction | undefined> {
    const row = await this.db
      .selectFrom('review_actions')
      .select(['id', 'book_id', 'filter', 'status', 'changed', 'undone_at'])
      .where('id', '=', id)
      .where('book_id', '=', bookId)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    return {
      id: Number(row.id),
      bookId: Number(row.book_id),
      filter: JSON.parse(row.filter) as EntryFilter,
      status: row.status,
      changed: Number(row.changed),
      undoneAt: row.undone_at,
    };
  }

  /** The ids of the book's actions that changed the entry (a seek per action on the kept states' key), oldest first. */
  async actionsOf(bookId: number, entryId: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('review_action_entries')
      .select('action_id')
      .where('action_id', 'in', (eb) => eb.selectFrom('review_actions').select('id').where('book_id', '=', bookId))
      .where('entry_id', '=', entryId)
      .orderBy('action_id')
      .execute();
    return rows.map((row) => Number(row.action_id));
  }

  /** Puts back the states the action replaced; false when it was undone already (by this call's rival too). */
  async undo(id: number, at: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const marked = await trx
        .updateTable('review_actions')
        .set({ undone_at: at })
        .where('id', '=', id)
        .where('undone_at', 'is', null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) === 0) return false;
      const bookId = trx.selectFrom('review_actions').select('book_id').where('id', '=', id);
      await trx
        .deleteFrom('entry_reviews')
        .where('book_id', '=', bookId)
        .where('entry_id', 'in', (eb) =>
          eb.selectFrom('review_action_entries').select('entry_id').where('action_id', '=', id).where('status', 'is', null),
        )
        .execute();
      await restore(trx, id, 'previous');
      return true;
    });
  }
}

/**
 * Writes an action's states into the reviews in one upsert: `action`, its new status on every entry it changed;
 * `previous`, each entry's state before it (those that had none are deleted apart).
 */
async function restore(trx: Transaction<ReviewActionTables>, id: number, which: 'action' | 'previous'): Promise<void> {
  const from = trx
    .selectFrom('review_action_entries')
    .innerJoin('review_actions', 'review_actions.id', 'review_action_entries.action_id')
    .where('review_action_entries.action_id', '=', id);
  const states =
    which === 'action'
      ? from.select([
          'review_actions.book_id',
          'review_action_entries.entry_id',
          'review_actions.status',
          'review_actions.author',
          'review_actions.at',
        ])
      : from
          .select([
            'review_actions.book_id',
            'review_action_entries.entry_id',
            'review_action_entries.status',
            'review_action_entries.author',
            'review_action_entries.at',
          ])
          .where('review_action_entries.status', 'is not', null)
          .$narrowType<{ status: ReviewStatus; author: string; at: string }>();
  await trx
    .insertInto('entry_reviews')
    .columns(['book_id', 'entry_id', 'status', 'author', 'at'])
    .expression(states)
    .onConflict((conflict) =>
      conflict.columns(['book_id', 'entry_id']).doUpdateSet((eb) => ({
        status: eb.ref('excluded.status'),
        author: eb.ref('excluded.author'),
        at: eb.ref('excluded.at'),
      })),
    )
    .execute();
}

import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { LedgerscanError } from '../../errors/LedgerscanError.js';
import { DIGEST_ROWS, nextChunk, parseDigests, rowsDigest } from './entrySetDigests.js';
import type { EntryTables, NewEntryRow } from './entryTables.js';

/** Rows an old set loses per delete (and a copied prefix gains per insert), so a SQLite refresh never holds the write lock for long. */
const DELETE_ROWS = 20_000;
/**
 * Changed rows a refresh writes into the shown set in one transaction: more, and it writes a new set (the unchanged
 * rows copied by the database) and shows it, as a SQLite transaction this long would hold the file's write lock.
 */
const TAIL_ROWS = 5_000;
/** Every column of a stored entry but its set: what a copied prefix copies. */
const COPIED = ['seq', 'entry_id', 'timestamp', 'chain_id', 'tx_hash', 'wallet', 'direction', 'asset', 'asset_contract', 'token_id']
  .concat(['amount_raw', 'decimals', 'counterparty', 'category', 'spam', 'search', 'cells', 'value', 'value_currency'])
  .map((column) => sql.ref(column));

export interface CurrentSet {
  id: number;
  columns: string[];
  entries: number;
  refreshedAt: string;
  settings: string;
  /** `rowsDigest` of each `DIGEST_ROWS` of its rows; null when not known. */
  digests: string[] | null;
}

/** The first rows of a shown set a new set starts with, copied by the database: how many, and their digests. */
interface Prefix {
  setId: number;
  rows: number;
  digests: string[];
}

/** What a refresh did: the set shown, its entries, and how many rows it wrote (0: the table was already so). */
export interface UpdatedSet {
  setId: number;
  entries: number;
  written: number;
}

/**
 * The writing side of the books' transactions tables: each refresh of a book is a new entry set written unshown and
 * then shown in one statement (`write`, `publish`), so readers never see half of one; or, where the shown set's
 * digests say only its last rows changed (a night's new entries), those rows replaced in the shown set in one
 * transaction (`update`), which leaves the rest of the table, its indexes and its readers' cursors as they were.
 */
export class SqlEntrySets {
  constructor(private readonly db: Kysely<EntryTables>) {}

  async current(bookId: number): Promise<CurrentSet | undefined> {
    const row = await this.db
      .selectFrom('entry_views as v')
      .innerJoin('entry_sets as s', 's.id', 'v.set_id')
      .select(['s.id', 's.columns', 's.entries', 's.settings', 's.digests', 'v.refreshed_at'])
      .where('v.book_id', '=', bookId)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const { id, columns, entries, settings } = row;
    const [refreshedAt, digests] = [row.refreshed_at, parseDigests(row.digests)];
    return { id: Number(id), columns: JSON.parse(columns) as string[], entries: Number(entries), refreshedAt, settings, digests };
  }

  /**
   * The book's table becomes `rows` (ledger order, `settings` its `bookSettings`), written from the first
   * `DIGEST_ROWS` of them whose digest differs from the shown set's: nothing when none does, those rows and the rest
   * in the shown set when they are few, else a new set that starts with the unchanged rows copied.
   */
  async update(
    bookId: number,
    columns: readonly string[],
    rows: Iterable<NewEntryRow> | AsyncIterable<NewEntryRow>,
    now: string,
    settings: string,
  ): Promise<UpdatedSet> {
    const shown = await this.current(bookId);
    const stream = (async function* () {
      yield* rows;
    })();
    if (shown === undefined || shown.digests === null || JSON.stringify(shown.columns) !== JSON.stringify(columns))
      return this.writeShown(bookId, columns, stream, now, settings);
    const stored = shown.digests;
    let [kept, keptRows] = [0, 0];
    let chunk = await nextChunk(stream);
    while (chunk.length > 0 && kept < stored.length && rowsDigest(chunk) === stored[kept]) {
      [kept, keptRows] = [kept + 1, keptRows + chunk.length];
      chunk = await nextChunk(stream);
    }
    const tail = [...chunk];
    while (chunk.length === DIGEST_ROWS && tail.length < TAIL_ROWS) tail.push(...(chunk = await nextChunk(stream)));
    // Every kept 500 is whole but a last one the rows ended in.
    const prefix = { setId: shown.id, rows: keptRows, digests: stored.slice(0, kept) };
    if (chunk.length === DIGEST_ROWS) {
      const rest = (async function* () {
        yield* tail;
        yield* stream;
      })();
      return this.writeShown(bookId, columns, rest, now, settings, prefix);
    }
    await this.replaceTail(bookId, shown, prefix, tail, now, settings);
    return { setId: shown.id, entries: prefix.rows + tail.length, written: tail.length };
  }

  /**
   * Writes `rows` (ledger order) as a new entry set in short statements, not yet shown: `publish` shows it,
   * `discard` drops it. Nothing is left behind when the rows fail. `settings`: the `bookSettings` it is built from
   * ('' when unknown: never said to be stale). With `prefix`, the set starts with that many rows of a shown set.
   */
  async write(
    bookId: number,
    columns: readonly string[],
    rows: Iterable<NewEntryRow> | AsyncIterable<NewEntryRow>,
    now: string,
    settings = '',
    prefix?: Prefix,
  ): Promise<{ setId: number; entries: number }> {
    const { id } = await this.db
      .insertInto('entry_sets')
      .values({ book_id: bookId, columns: JSON.stringify(columns), entries: 0, created_at: now, settings })
      .returning('id')
      .executeTakeFirstOrThrow();
    const setId = Number(id);
    const digests = prefix?.digests.slice() ?? [];
    try {
      if (prefix !== undefined) await this.copyPrefix(prefix, setId);
      let seq = prefix?.rows ?? 0;
      let batch: NewEntryRow[] = [];
      const flush = async (): Promise<void> => {
        digests.push(rowsDigest(batch));
        await this.db
          .insertInto('book_entries')
          .values(batch.map((row) => ({ ...row, set_id: setId, seq: (seq += 1) })))
          .execute();
        batch = [];
      };
      for await (const row of rows) if (batch.push(row) === DIGEST_ROWS) await flush();
      if (batch.length > 0) await flush();
      await this.db
        .updateTable('entry_sets')
        .set({ entries: seq, digests: JSON.stringify(digests) })
        .where('id', '=', setId)
        .execute();
      return { setId, entries: seq };
    } catch (error) {
      await this.discard(setId);
      throw error;
    }
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
    const current = await this.current(bookId);
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

  /**
   * In a written set's entries `seqs`, the text `from` of every cell becomes `to` (a rule's id once it is stored). Its
   * digests no longer say what it holds: they are forgotten, and its next refresh writes a whole set.
   */
  async renameInCells(setId: number, seqs: readonly number[], from: string, to: string): Promise<void> {
    await this.db.updateTable('entry_sets').set({ digests: '' }).where('id', '=', setId).execute();
    for (let start = 0; start < seqs.length; start += DIGEST_ROWS) {
      await this.db
        .updateTable('book_entries')
        .set({ cells: sql<string>`replace(cells, ${from}, ${to})` })
        .where('set_id', '=', setId)
        .where('seq', 'in', seqs.slice(start, start + DIGEST_ROWS))
        .execute();
    }
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

  private async writeShown(
    bookId: number,
    columns: readonly string[],
    rows: AsyncIterable<NewEntryRow>,
    now: string,
    settings: string,
    prefix?: Prefix,
  ): Promise<UpdatedSet> {
    const written = await this.write(bookId, columns, rows, now, settings, prefix);
    await this.publish(bookId, written.setId, now);
    return { ...written, written: written.entries - (prefix?.rows ?? 0) };
  }

  /** The first `prefix.rows` rows of its set copied into set `setId`, by the database, a bounded number per statement. */
  private async copyPrefix(prefix: Prefix, setId: number): Promise<void> {
    for (let after = 0; after < prefix.rows; after += DELETE_ROWS) {
      const until = Math.min(after + DELETE_ROWS, prefix.rows);
      await sql`INSERT INTO book_entries (set_id, ${sql.join(COPIED)}) SELECT ${setId}, ${sql.join(COPIED)} FROM book_entries
        WHERE set_id = ${prefix.setId} AND seq > ${after} AND seq <= ${until}`.execute(this.db);
    }
  }

  /**
   * The shown set's rows after `prefix.rows` become `tail`, in one transaction (readers see the set before or after),
   * its digests and settings with them. Its digests are checked first, under the set's row lock: a refresh of the
   * same book that changed it meanwhile (the server's, beside a run's) is not overwritten by an older reading.
   */
  private async replaceTail(
    bookId: number,
    shown: CurrentSet,
    prefix: Prefix,
    tail: NewEntryRow[],
    now: string,
    settings: string,
  ): Promise<void> {
    const digests = [...prefix.digests];
    for (let start = 0; start < tail.length; start += DIGEST_ROWS) digests.push(rowsDigest(tail.slice(start, start + DIGEST_ROWS)));
    await this.db.transaction().execute(async (trx) => {
      const locked = await trx
        .updateTable('entry_sets')
        .set({ entries: prefix.rows + tail.length, digests: JSON.stringify(digests), settings })
        .where('id', '=', shown.id)
        .where('digests', '=', JSON.stringify(shown.digests))
        .executeTakeFirst();
      if (locked.numUpdatedRows === 0n)
        throw new LedgerscanError('the transactions table was refreshed by another process meanwhile; refresh it again');
      await trx.deleteFrom('book_entries').where('set_id', '=', shown.id).where('seq', '>', prefix.rows).execute();
      for (let start = 0; start < tail.length; start += DIGEST_ROWS) {
        const rows = tail.slice(start, start + DIGEST_ROWS);
        await trx
          .insertInto('book_entries')
          .values(rows.map((row, index) => ({ ...row, set_id: shown.id, seq: prefix.rows + start + index + 1 })))
          .execute();
      }
      await trx
        .updateTable('entry_views')
        .set({ refreshed_at: now })
        .where('book_id', '=', bookId)
        .where('set_id', '=', shown.id)
        .execute();
    });
  }
}

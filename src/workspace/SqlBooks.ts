import type { BookData } from './BookData.js';
import { SqlAccounts } from './SqlAccounts.js';
import type { Book, BookOpeningLot, BookPrice, BookRule, User } from './WorkspaceData.js';
import { toBook, toBookOpeningLot, toBookPrice, toBookRule } from './workspaceRows.js';

/**
 * The books on either workspace database, with their assigned users, rules and manual prices (what a run of the book reads besides
 * its store), one Kysely query text; the accounts below them, the runs, schedules and shares above (`SqlWorkspaceData`).
 */
export class SqlBooks extends SqlAccounts {
  async addBook(data: BookData, now: string): Promise<Book> {
    const { id } = await this.db
      .insertInto('books')
      .values({ data: JSON.stringify(data), created_at: now, updated_at: now, archived_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, data, createdAt: now, updatedAt: now, archivedAt: null };
  }

  async listBooks(archived = false): Promise<Book[]> {
    const rows = await this.db
      .selectFrom('books')
      .selectAll()
      .where('archived_at', archived ? 'is not' : 'is', null)
      .orderBy('id')
      .execute();
    return rows.map(toBook);
  }

  async getBook(id: number): Promise<Book | undefined> {
    const row = await this.db.selectFrom('books').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : toBook(row);
  }

  async booksWithIds(ids: readonly number[]): Promise<Book[]> {
    if (ids.length === 0) return [];
    return (await this.db.selectFrom('books').selectAll().where('id', 'in', ids).execute()).map(toBook);
  }

  async updateBook(id: number, data: BookData, now: string): Promise<Book | undefined> {
    const row = await this.db
      .updateTable('books')
      .set({ data: JSON.stringify(data), updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row === undefined ? undefined : toBook(row);
  }

  async removeBook(id: number): Promise<boolean> {
    return (await this.db.deleteFrom('books').where('id', '=', id).executeTakeFirst()).numDeletedRows > 0n;
  }

  async setBookArchived(id: number, at: string | null): Promise<boolean> {
    return (await this.db.updateTable('books').set({ archived_at: at }).where('id', '=', id).executeTakeFirst()).numUpdatedRows > 0n;
  }

  bookStaff(bookId: number): Promise<User[]> {
    return this.db
      .selectFrom('book_staff as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['u.id', 'u.name', 'u.role'])
      .where('s.book_id', '=', bookId)
      .orderBy('u.name')
      .execute();
  }

  async setBookStaff(bookId: number, userIds: readonly number[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('book_staff').where('book_id', '=', bookId).execute();
      if (userIds.length > 0)
        await trx
          .insertInto('book_staff')
          .values(userIds.map((userId) => ({ book_id: bookId, user_id: userId })))
          .execute();
    });
  }

  async booksOfUser(userId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('book_staff').select('book_id').where('user_id', '=', userId).orderBy('book_id').execute();
    return rows.map((row) => Number(row.book_id));
  }

  async bookRules(bookId: number): Promise<BookRule[]> {
    return (await this.db.selectFrom('book_rules').selectAll().where('book_id', '=', bookId).orderBy('id').execute()).map(toBookRule);
  }

  async addBookRule(bookId: number, rule: Omit<BookRule, 'id'>): Promise<BookRule> {
    const values = { book_id: bookId, rule: JSON.stringify(rule.rule), reason: rule.reason, author: rule.author, created_at: rule.created };
    return toBookRule(await this.db.insertInto('book_rules').values(values).returningAll().executeTakeFirstOrThrow());
  }

  async removeBookRule(bookId: number, ruleId: number): Promise<boolean> {
    return (
      (await this.db.deleteFrom('book_rules').where('book_id', '=', bookId).where('id', '=', ruleId).executeTakeFirst()).numDeletedRows > 0n
    );
  }

  async bookPrices(bookId: number): Promise<BookPrice[]> {
    return (await this.db.selectFrom('book_prices').selectAll().where('book_id', '=', bookId).orderBy('id').execute()).map(toBookPrice);
  }

  async addBookPrices(bookId: number, prices: readonly Omit<BookPrice, 'id'>[]): Promise<BookPrice[]> {
    const values = prices.map((price) => ({
      book_id: bookId,
      time: price.time,
      chain_id: price.chainId,
      asset: price.asset,
      currency: price.currency,
      price: price.price,
      author: price.author,
      created_at: price.created,
    }));
    // Chunks keep each insert under SQLite's bound-variable limit; the transaction keeps an upload whole.
    return this.db.transaction().execute(async (trx) => {
      const added: BookPrice[] = [];
      for (let at = 0; at < values.length; at += 500)
        added.push(
          ...(
            await trx
              .insertInto('book_prices')
              .values(values.slice(at, at + 500))
              .returningAll()
              .execute()
          ).map(toBookPrice),
        );
      return added;
    });
  }

  async removeBookPrice(bookId: number, priceId: number): Promise<boolean> {
    return (
      (await this.db.deleteFrom('book_prices').where('book_id', '=', bookId).where('id', '=', priceId).executeTakeFirst()).numDeletedRows >
      0n
    );
  }

  async bookOpeningLots(bookId: number): Promise<BookOpeningLot[]> {
    const rows = await this.db.selectFrom('book_opening_lots').selectAll().where('book_id', '=', bookId).orderBy('id').execute();
    return rows.map(toBookOpeningLot);
  }

  async addBookOpeningLot(bookId: number, lot: Omit<BookOpeningLot, 'id'>): Promise<BookOpeningLot> {
    const { chainId, assetContract, lotId, acquiredAt, created, ...same } = lot;
    const values = { ...same, book_id: bookId, chain_id: chainId, asset_contract: assetContract, lot_id: lotId, acquired_at: acquiredAt };
    return toBookOpeningLot(
      await this.db
        .insertInto('book_opening_lots')
        .values({ ...values, created_at: created })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  }

  async removeBookOpeningLot(bookId: number, lotId: number): Promise<boolean> {
    const deleted = await this.db.deleteFrom('book_opening_lots').where('book_id', '=', bookId).where('id', '=', lotId).executeTakeFirst();
    return deleted.numDeletedRows > 0n;
  }
}

import type { Kysely, Transaction } from 'kysely';
import { InputError } from '../errors/LedgerscanError.js';
import type { Accounts, Role, User } from './Accounts.js';
import type { Credential } from './AccountCache.js';
import { AccountCache, userAt } from './AccountCache.js';
import { isUniqueViolation } from './isUniqueViolation.js';
import type { WorkspaceTables } from './workspaceRows.js';
import type { AccountFeed } from './WorkspaceDialect.js';

const adminCount = async (trx: Transaction<WorkspaceTables>): Promise<number> =>
  Number(
    (
      await trx
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * The accounts on either workspace database, one Kysely query text (the base of `SqlBooks`). Given an
 * `AccountFeed` (PostgreSQL), token and session checks are answered from an `AccountCache` while it is heard.
 */
export class SqlAccounts implements Accounts {
  protected readonly credentials: AccountCache | undefined;

  constructor(
    protected readonly db: Kysely<WorkspaceTables>,
    accountFeed?: AccountFeed,
  ) {
    this.credentials = accountFeed === undefined ? undefined : new AccountCache(accountFeed);
  }

  async addUser(name: string, role: Role, passwordHash: string): Promise<User> {
    try {
      const { id } = await this.db
        .insertInto('users')
        .values({ name, role, password_hash: passwordHash })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id, name, role };
    } catch (cause) {
      if (!isUniqueViolation(cause)) throw cause;
      throw new InputError(`user ${JSON.stringify(name)} already exists`, {
        details: { field: 'name', fix: 'pick another name, or remove the user first' },
        cause,
      });
    }
  }

  listUsers(): Promise<User[]> {
    return this.db.selectFrom('users').select(['id', 'name', 'role']).orderBy('name').execute();
  }

  async removeUser(name: string, keepAnAdmin = true): Promise<boolean> {
    const remove = async (db: Kysely<WorkspaceTables>): Promise<boolean> =>
      (await db.deleteFrom('users').where('name', '=', name).executeTakeFirst()).numDeletedRows > 0n;
    return this.ending(keepAnAdmin ? this.keepingAnAdmin(remove) : remove(this.db));
  }

  findUser(name: string): Promise<(User & { passwordHash: string }) | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'name', 'role', 'password_hash as passwordHash'])
      .where('name', '=', name)
      .executeTakeFirst();
  }

  userById(id: number): Promise<User | undefined> {
    return this.db.selectFrom('users').select(['id', 'name', 'role']).where('id', '=', id).executeTakeFirst();
  }

  setRole(id: number, role: Role): Promise<User | undefined> {
    return this.ending(
      this.keepingAnAdmin((trx) =>
        trx.updateTable('users').set({ role }).where('id', '=', id).returning(['id', 'name', 'role']).executeTakeFirst(),
      ),
    );
  }

  setPassword(id: number, passwordHash: string, keepSession?: string): Promise<number> {
    return this.ending(
      this.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
        let ended = trx.deleteFrom('sessions').where('user_id', '=', id);
        if (keepSession !== undefined) ended = ended.where('session_hash', '<>', keepSession);
        return Number((await ended.executeTakeFirst()).numDeletedRows);
      }),
    );
  }

  async addToken(userId: number, tokenHash: string): Promise<void> {
    await this.db.insertInto('tokens').values({ token_hash: tokenHash, user_id: userId }).execute();
  }

  userByToken(tokenHash: string): Promise<User | undefined> {
    return this.credential(`token ${tokenHash}`, '', async () => {
      const user = await this.db
        .selectFrom('tokens as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select(['u.id', 'u.name', 'u.role'])
        .where('t.token_hash', '=', tokenHash)
        .executeTakeFirst();
      return user === undefined ? undefined : { user, expiresAt: null };
    });
  }

  async addSession(userId: number, sessionHash: string, expiresAt: string): Promise<void> {
    await this.db.insertInto('sessions').values({ session_hash: sessionHash, user_id: userId, expires_at: expiresAt }).execute();
  }

  userBySession(sessionHash: string, now: string): Promise<User | undefined> {
    return this.credential(`session ${sessionHash}`, now, async () => {
      const row = await this.db
        .selectFrom('sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['u.id', 'u.name', 'u.role', 's.expires_at'])
        .where('s.session_hash', '=', sessionHash)
        .executeTakeFirst();
      return row === undefined ? undefined : { user: { id: row.id, name: row.name, role: row.role }, expiresAt: row.expires_at };
    });
  }

  async removeSession(sessionHash: string): Promise<void> {
    await this.ending(this.db.deleteFrom('sessions').where('session_hash', '=', sessionHash).execute());
  }

  /** `change` (of who may do what) done: nothing kept from before it is used again by this process, at once. */
  private async ending<T>(change: Promise<T>): Promise<T> {
    try {
      return await change;
    } finally {
      this.credentials?.forget();
    }
  }

  /** A credential's user at `now`: kept while the account announcements are heard, else read each time. */
  private async credential(key: string, now: string, load: () => Promise<Credential | undefined>): Promise<User | undefined> {
    return this.credentials === undefined ? userAt(await load(), now) : this.credentials.userOf(key, now, load);
  }

  /**
   * Runs `change` and undoes it when it leaves no admin where there was one. The first statement rewrites every
   * admin row as it is: on PostgreSQL that locks them, on SQLite it takes the file's write lock, so two changes
   * at once (demoting one admin each) go one after the other and the second sees the first's outcome.
   */
  private keepingAnAdmin<T>(change: (trx: Transaction<WorkspaceTables>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ role: 'admin' }).where('role', '=', 'admin').execute();
      const before = await adminCount(trx);
      const result = await change(trx);
      if (before > 0 && (await adminCount(trx)) === 0) {
        throw new InputError('that would leave the workspace without an admin', {
          details: { field: 'role', fix: 'make another user an admin first' },
        });
      }
      return result;
    });
  }
}

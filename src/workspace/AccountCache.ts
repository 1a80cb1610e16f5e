import type { User } from './Accounts.js';
import type { AccountFeed } from './WorkspaceDialect.js';

/** A bearer token's or a session's user as stored; `expiresAt` (ISO) only for a session. */
export interface Credential {
  user: User;
  expiresAt: string | null;
}

/** Beyond this many kept credentials (tokens and sessions checked since the last announcement) all are dropped and kept afresh. */
const MOST_KEPT = 10_000;

/** The user a credential stands for at `now`: none once a session has expired (ISO text compared as the database does). */
export const userAt = (credential: Credential | undefined, now: string): User | undefined =>
  credential === undefined || (credential.expiresAt !== null && credential.expiresAt <= now) ? undefined : { ...credential.user };

/**
 * The session check of every request answered from memory, on PostgreSQL: a credential found in the database is kept
 * while the account announcements (`AccountFeed`) are heard, and all are dropped at each announcement, so a logout, a
 * password reset, a role change or a removed user ends what was kept at once, whichever process made it. An answer
 * from memory waits for the feed to catch up (one round trip on the listening connection, shared by the checks that
 * wait together): an announcement leaves the database at commit but reaches this process later, and a change
 * committed before the request came must not be overtaken by it. While the listening connection is away nothing is
 * kept and every check reads the database; when it is back, a check that began before then is not kept either (a
 * generation counter), nor one that an announcement overtook.
 */
export class AccountCache {
  private readonly kept = new Map<string, Credential>();
  private generation = 0;
  private listening = false;
  private feed: ReturnType<AccountFeed> | undefined;

  constructor(private readonly openFeed: AccountFeed) {}

  async userOf(key: string, now: string, load: () => Promise<Credential | undefined>): Promise<User | undefined> {
    // Listening starts with the first check: only a process that answers requests holds the connection.
    this.feed ??= this.openFeed(
      () => this.forget(),
      (listening) => {
        this.listening = listening;
        this.forget();
      },
    );
    if (this.listening && this.kept.has(key) && (await this.feed.caughtUp())) {
      // Emptied meanwhile if an announcement came or the connection was lost (`forget`).
      const kept = this.kept.get(key);
      if (kept !== undefined) return userAt(kept, now);
    }
    const generation = this.generation;
    const found = await load();
    if (found !== undefined && this.listening && generation === this.generation) {
      if (this.kept.size >= MOST_KEPT) this.kept.clear();
      this.kept.set(key, found);
    }
    return userAt(found, now);
  }

  async close(): Promise<void> {
    this.listening = false;
    this.forget();
    await this.feed?.close();
  }

  /** Drops everything kept: this process changed an account (its own announcement is still on its way). */
  forget(): void {
    this.generation += 1;
    this.kept.clear();
  }
}

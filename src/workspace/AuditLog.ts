import type { AuditAction } from './AuditAction.js';

/** How the actor reached us: a page's session, a script's bearer token, the command line, a run's worker, or no account (a share link, a failed login). */
export type AuditChannel = 'session' | 'bearer' | 'cli' | 'worker' | 'anonymous';

/** Who did it, as they were at the time: the user's id and name (both null without an account). */
export interface AuditActor {
  id: number | null;
  name: string | null;
  via: AuditChannel;
}

/** What was done: the action, the book it concerns (if any), its target (`run 12`, `user bob`) and the values before and after. */
export interface AuditRecord {
  action: AuditAction;
  book?: number | null | undefined;
  target: string;
  /** JSON values; never a password, hash, token or key. */
  before?: unknown;
  after?: unknown;
}

export interface AuditEntry {
  id: number;
  /** ISO instant by the database's clock. */
  at: string;
  userId: number | null;
  user: string | null;
  via: AuditChannel;
  action: AuditAction;
  book: number | null;
  target: string;
  before: unknown;
  after: unknown;
}

/** Which entries: every given field must match; `from` and `to` are ISO instants, both inclusive. */
export interface AuditFilter {
  book?: number | undefined;
  user?: string | undefined;
  action?: AuditAction | undefined;
  /** Any of these actions (an entry's history asks for the rule and price changes of its book). */
  actions?: readonly AuditAction[] | undefined;
  /** Any of these targets (`entry x…`, `review action 3`). */
  targets?: readonly string[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * Contract: the workspace's append-only audit log. Entries are only added: nothing here changes or removes one,
 * and the database refuses it too (triggers on both backends).
 */
export interface AuditLog {
  record(actor: AuditActor, entry: AuditRecord): Promise<void>;
  /** Up to `limit` matching entries, newest first, older than the entry id `before` when given (keyset pages). */
  newest(filter: AuditFilter, page: { before?: number | undefined; limit: number }): Promise<AuditEntry[]>;
  /** Every matching entry, oldest first, read a page at a time. */
  oldestFirst(filter: AuditFilter): AsyncIterable<AuditEntry>;
  /** Who started the run (its `run.started` entry); undefined for a scheduled run. */
  starterOf(bookId: number, runId: number): Promise<AuditActor | undefined>;
}

/** The actor of what a worker does on its own. */
export const WORKER_ACTOR: AuditActor = { id: null, name: null, via: 'worker' };

/** The target text of a run, as `run.started` records it. */
export const runTarget = (runId: number): string => `run ${runId}`;

export const bookTarget = (bookId: number): string => `book ${bookId}`;

export const userTarget = (name: string): string => `user ${name}`;

/** A book rule: "rule 7" names one rule for good (ids are never reused). */
export const ruleTarget = (ruleId: number): string => `rule ${ruleId}`;

/** A book's manual price, by its id (never reused). */
export const priceTarget = (priceId: number): string => `price ${priceId}`;

/** A book's opening lot, by its id (never reused). */
export const openingLotTarget = (id: number): string => `opening lot ${id}`;

/** One ledger entry of a book, by its stable id. */
export const entryTarget = (entryId: string): string => `entry ${entryId}`;

export const shareTarget = (shareId: string): string => `share ${shareId}`;

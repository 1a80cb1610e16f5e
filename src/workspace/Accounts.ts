/**
 * Contract: the workspace's accounts (users, their bearer tokens and page sessions), part of `WorkspaceData`.
 * There is always an admin once there was one: a change that would leave none is refused.
 */
export type Role = 'admin' | 'viewer' | 'staff' | 'client';

export const ROLES: readonly Role[] = ['viewer', 'staff', 'client', 'admin'];

/**
 * Staff and clients see only the books assigned to them (404 for any other, so nothing tells them it exists);
 * admins and viewers see every book.
 */
/** Admins change any book; staff the books assigned to them (which are all they reach); the others only read. */
export const changesBooks = (user: User): boolean => user.role === 'admin' || user.role === 'staff';

export const seesOnlyAssignedBooks = (user: User): boolean => user.role === 'staff' || user.role === 'client';

/** An entry's history (who changed it, when): the firm's people read it, viewers too; a client, outside the firm, does not. */
export const readsEntryHistory = (user: User): boolean => user.role !== 'client';

export interface User {
  id: number;
  name: string;
  role: Role;
}

export interface Accounts {
  addUser(name: string, role: Role, passwordHash: string): Promise<User>;
  listUsers(): Promise<User[]>;
  /**
   * False when there is no such user; refused (InputError) when they are the last admin, unless `keepAnAdmin` is
   * false (the command line: its operator can always add an admin again, the web app's users cannot).
   */
  removeUser(name: string, keepAnAdmin?: boolean): Promise<boolean>;
  findUser(name: string): Promise<(User & { passwordHash: string }) | undefined>;
  userById(id: number): Promise<User | undefined>;
  /** The user with the new role; refused (InputError) when it would leave no admin. */
  setRole(id: number, role: Role): Promise<User | undefined>;
  /**
   * Replaces the user's password hash and ends every session of theirs except `keepSession` (the digest of the
   * session that changed its own password); returns how many sessions ended.
   */
  setPassword(id: number, passwordHash: string, keepSession?: string): Promise<number>;
  addToken(userId: number, tokenHash: string): Promise<void>;
  userByToken(tokenHash: string): Promise<User | undefined>;
  addSession(userId: number, sessionHash: string, expiresAt: string): Promise<void>;
  userBySession(sessionHash: string, now: string): Promise<User | undefined>;
  removeSession(sessionHash: string): Promise<void>;
}

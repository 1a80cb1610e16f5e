import { afterAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { openPostgresWorkspaceData, openSqliteWorkspaceData } from '../../src/workspace/openWorkspaceData.js';
import type { SqlWorkspaceData } from '../../src/workspace/SqlWorkspaceData.js';
import { createDatabase, describeWithPostgres, dropDatabase } from '../support/postgres.js';
import { tempDir } from '../support/workspaceHarness.js';

const NOW = '2026-03-01T12:00:00.000Z';
const LATER = '2026-03-02T12:00:00.000Z';

/**
 * Where `check` was answered: with the sessions and tokens tables locked by another connection (`locker`), a check
 * that reads the database waits, one answered from memory does not. The lock is released either way.
 */
async function answeredFrom<T>(locker: pg.Client, check: () => Promise<T>): Promise<{ from: 'memory' | 'database'; value: T }> {
  await locker.query('BEGIN');
  try {
    await locker.query('LOCK TABLE ledgerscan.sessions, ledgerscan.tokens IN ACCESS EXCLUSIVE MODE');
    const answer = check();
    const first = await Promise.race([answer.then(() => 'memory' as const), new Promise<'database'>((resolve) => setTimeout(() => resolve('database'), 400))]);
    await locker.query('ROLLBACK');
    return { from: first, value: await answer };
  } catch (error) {
    await locker.query('ROLLBACK');
    throw error;
  }
}

/** Checks until one is answered from memory (listening takes a moment after the first check), at most a few seconds. */
async function kept(locker: pg.Client, check: () => Promise<unknown>): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await check();
    if ((await answeredFrom(locker, check)).from === 'memory') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('never answered from memory');
}

describeWithPostgres('session checks on PostgreSQL', (server) => {
  const databases: string[] = [];
  const lockers: pg.Client[] = [];
  afterAll(async () => {
    for (const locker of lockers) await locker.end();
    for (const url of databases) await dropDatabase(url);
  });

  async function twoProcesses(): Promise<{ url: string; locker: pg.Client; serve: SqlWorkspaceData; other: SqlWorkspaceData; userId: number }> {
    const url = await createDatabase(server);
    databases.push(url);
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    lockers.push(locker);
    const serve = (await openPostgresWorkspaceData(url)).data;
    const other = (await openPostgresWorkspaceData(url)).data;
    const { id } = await other.addUser('ann', 'admin', 'hash');
    await other.addUser('bob', 'admin', 'hash');
    await other.addSession(id, 'session-1', LATER);
    await other.addToken(id, 'token-1');
    return { url, locker, serve, other, userId: id };
  }

  it('answers a known session and token from memory while the announcements are heard, never past the session’s end', async () => {
    const { locker, serve, other, userId } = await twoProcesses();
    try {
      await kept(locker, () => serve.userBySession('session-1', NOW));
      await kept(locker, () => serve.userByToken('token-1'));
      expect(await answeredFrom(locker, () => serve.userBySession('session-1', NOW))).toEqual({ from: 'memory', value: { id: userId, name: 'ann', role: 'admin' } });
      expect(await answeredFrom(locker, () => serve.userByToken('token-1'))).toEqual({ from: 'memory', value: { id: userId, name: 'ann', role: 'admin' } });
      expect(await serve.userBySession('session-1', LATER)).toBeUndefined();
      // An unknown credential is never kept: each check of it asks the database.
      expect(await answeredFrom(locker, () => serve.userBySession('nobody', NOW))).toEqual({ from: 'database', value: undefined });
    } finally {
      await serve.close();
      await other.close();
    }
  });

  it.each([
    ['a logout', (data: SqlWorkspaceData) => data.removeSession('session-1')],
    ['a password reset', (data: SqlWorkspaceData, id: number) => data.setPassword(id, 'new hash')],
    ['the user removed', (data: SqlWorkspaceData) => data.removeUser('ann')],
  ])('%s in this process or in another ends the kept session at once', async (_, change) => {
    for (const where of ['this', 'another'] as const) {
      const { locker, serve, other, userId } = await twoProcesses();
      try {
        await kept(locker, () => serve.userBySession('session-1', NOW));
        await change(where === 'this' ? serve : other, userId);
        // Another process's change reaches this one as the database's announcement, sent at its commit.
        if (where === 'another') await new Promise((resolve) => setTimeout(resolve, 50));
        expect({ where, user: await serve.userBySession('session-1', NOW) }).toEqual({ where, user: undefined });
      } finally {
        await serve.close();
        await other.close();
      }
    }
  });

  it('a role changed elsewhere is the role of the next check', async () => {
    const { locker, serve, other, userId } = await twoProcesses();
    try {
      await kept(locker, () => serve.userByToken('token-1'));
      await other.setRole(userId, 'viewer');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await serve.userByToken('token-1')).toEqual({ id: userId, name: 'ann', role: 'viewer' });
    } finally {
      await serve.close();
      await other.close();
    }
  });

  it('with the listening connection down every check goes to the database, and keeping resumes once it is back', async () => {
    const { url, locker, serve, other } = await twoProcesses();
    const name = new URL(url).pathname.slice(1);
    // ALLOW_CONNECTIONS is changed from another database.
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    try {
      await kept(locker, () => serve.userBySession('session-1', NOW));
      // Down, and kept down: no new connection to this database until it is allowed again.
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
      const ended = await locker.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN account_changes'");
      expect(ended.rowCount).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (let check = 0; check < 3; check += 1) {
        expect(await answeredFrom(locker, () => serve.userBySession('session-1', NOW))).toMatchObject({ from: 'database', value: { name: 'ann' } });
      }
      // A change made while nobody listens is seen at the next check.
      await other.removeSession('session-1');
      expect(await serve.userBySession('session-1', NOW)).toBeUndefined();
      await other.addSession((await other.findUser('bob'))!.id, 'session-2', LATER);
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`);
      await kept(locker, () => serve.userBySession('session-2', NOW));
    } finally {
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`);
      await admin.end();
      await serve.close();
      await other.close();
    }
  });
});

describe('session checks on SQLite', () => {
  it('are not kept: `ledgerscan users` writes the same file from another process and nothing announces it', async () => {
    const file = `${tempDir('accounts')}/workspace.db`;
    const serve = openSqliteWorkspaceData(file);
    const other = openSqliteWorkspaceData(file);
    try {
      const { id } = await other.addUser('ann', 'admin', 'hash');
      await other.addSession(id, 'session-1', LATER);
      expect(await serve.userBySession('session-1', NOW)).toEqual({ id, name: 'ann', role: 'admin' });
      expect(await serve.userBySession('session-1', LATER)).toBeUndefined();
      await other.removeSession('session-1');
      expect(await serve.userBySession('session-1', NOW)).toBeUndefined();
    } finally {
      await serve.close();
      await other.close();
    }
  });
});

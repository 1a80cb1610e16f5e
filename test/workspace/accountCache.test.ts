import { afterAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { listenerName } from '../../src/db/postgres/listenChannel.js';
import { ACCOUNT_CHANGES_CHANNEL } from '../../src/db/postgres/postgresMigrations.js';
import { openPostgresWorkspaceData, openSqliteWorkspaceData } from '../../src/workspace/openWorkspaceData.js';
import type { SqlWorkspaceData } from '../../src/workspace/SqlWorkspaceData.js';
import { createDatabase, describeWithPostgres, dropDatabase } from '../support/postgres.js';
import { describeUnlessLacking } from '../support/outsideProgram.js';
import { tempDir } from '../support/workspaceHarness.js';

const NOW = '2026-03-01T12:00:00.000Z';
const LISTENER = listenerName(ACCOUNT_CHANGES_CHANNEL);
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
    const first = await Promise.race([
      answer.then(() => 'memory' as const),
      new Promise<'database'>((resolve) => setTimeout(() => resolve('database'), 400)),
    ]);
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

  async function twoProcesses(): Promise<{
    url: string;
    locker: pg.Client;
    serve: SqlWorkspaceData;
    other: SqlWorkspaceData;
    userId: number;
  }> {
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
      expect(await answeredFrom(locker, () => serve.userBySession('session-1', NOW))).toEqual({
        from: 'memory',
        value: { id: userId, name: 'ann', role: 'admin' },
      });
      expect(await answeredFrom(locker, () => serve.userByToken('token-1'))).toEqual({
        from: 'memory',
        value: { id: userId, name: 'ann', role: 'admin' },
      });
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
      expect(await serve.userByToken('token-1')).toEqual({ id: userId, name: 'ann', role: 'viewer' });
    } finally {
      await serve.close();
      await other.close();
    }
  });

  const cannotSignal =
    process.getuid?.() === 0
      ? null
      : { needs: 'root, to pause a PostgreSQL backend (SIGSTOP)', install: 'run the tests as root, as .ci/run does' };
  describeUnlessLacking('with the listening backend paused', cannotSignal, () => {
    /**
     * With session-1 kept, stops the backend of the listening connection (SIGSTOP, as a busy machine that does not
     * schedule it would) and logs session-1 out in the other process, so its announcement waits on the server; then
     * runs `body`, which may `resume` the backend (it resumes at the end in any case). Signalling the server's
     * process needs it on this machine and root, as in CI.
     */
    async function whileAnnouncementHeld(
      body: (processes: Awaited<ReturnType<typeof twoProcesses>>, resume: () => void) => Promise<void>,
    ): Promise<void> {
      const processes = await twoProcesses();
      const { locker, serve, other } = processes;
      let resume = (): void => undefined;
      try {
        await kept(locker, () => serve.userBySession('session-1', NOW));
        const { rows } = await locker.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = '${LISTENER}'`,
        );
        expect(rows).toHaveLength(1);
        const pid = rows[0]!.pid;
        process.kill(pid, 'SIGSTOP');
        let paused = true;
        resume = () => {
          if (paused) process.kill(pid, 'SIGCONT');
          paused = false;
        };
        await other.removeSession('session-1');
        await body(processes, resume);
      } finally {
        resume();
        await serve.close();
        await other.close();
      }
    }

    it('answers no kept session that an announcement still on its way has ended', () =>
      whileAnnouncementHeld(async ({ serve }, resume) => {
        const check = serve.userBySession('session-1', NOW);
        await new Promise((resolve) => setTimeout(resolve, 300));
        resume();
        expect(await check).toBeUndefined();
      }));

    it('gives up a listening connection that stops answering: the check reads the database, and keeping resumes on a new one', () =>
      whileAnnouncementHeld(async ({ locker, serve, other }, resume) => {
        // Answered after the round trip's own limit (2 s), not the minutes TCP takes to find a silent peer.
        expect(await serve.userBySession('session-1', NOW)).toBeUndefined();
        resume();
        await other.addSession((await other.findUser('bob'))!.id, 'session-2', LATER);
        await kept(locker, () => serve.userBySession('session-2', NOW));
      }));
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
      const ended = await locker.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = '${LISTENER}'`,
      );
      expect(ended.rowCount).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (let check = 0; check < 3; check += 1) {
        expect(await answeredFrom(locker, () => serve.userBySession('session-1', NOW))).toMatchObject({
          from: 'database',
          value: { name: 'ann' },
        });
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

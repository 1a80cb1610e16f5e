import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { CliChild } from '../support/runLedgerscan.js';
import { runInProcess } from '../support/runLedgerscan.js';
import { login } from '../support/serverHarness.js';
import { startServer } from '../support/serverProcess.js';
import { createDatabase, describeWithPostgres, dropDatabase } from '../support/postgres.js';
import { tempDir } from '../support/workspaceHarness.js';

const PASSWORD = 'a long enough password';

/**
 * Two `ledgerscan serve` processes on one database, as behind a load balancer, and `ledgerscan users` from a third:
 * each server answers session checks from memory while it hears the database's account announcements, so an
 * account change made anywhere must end what either server kept before the next request.
 */
describeWithPostgres('sessions across server processes', (serverUrl) => {
  let database: string;
  let files: string;
  const servers: { server: CliChild; url: string }[] = [];
  const users = (...args: string[]) =>
    runInProcess(['users', ...args, '--database', database], { env: { LEDGERSCAN_PASSWORD: PASSWORD }, cwd: files });

  beforeAll(async () => {
    database = await createDatabase(serverUrl);
    files = tempDir('session-files');
    for (const name of ['ann', 'bob', 'cat']) expect((await users('add', name, '--role', 'admin')).code).toBe(0);
    const env = { ETHERSCAN_API_KEY: 'session-test-key' };
    servers.push(...(await Promise.all([0, 1].map(() => startServer(['--database', database, '--files', files], env)))));
  });
  afterAll(async () => {
    for (const { server } of servers) {
      server.child.kill('SIGTERM');
      await server.ended;
    }
    await dropDatabase(database);
  });

  const status = async (url: string, cookie: string, route = '/api/books'): Promise<number> =>
    (await fetch(`${url}${route}`, { headers: { cookie } })).status;
  /** Logged in on one server, its session used on the other until that one answers from memory. */
  async function loggedInOnBoth(name: string): Promise<{ cookie: string; csrfToken: string }> {
    const [a, b] = servers;
    const session = await login(a!.url, name, PASSWORD);
    for (let check = 0; check < 3; check += 1) expect(await status(b!.url, session.cookie)).toBe(200);
    return session;
  }

  it('a logout on one server ends the session on the other at once', async () => {
    const [a, b] = servers;
    const { cookie, csrfToken } = await loggedInOnBoth('ann');
    const out = await fetch(`${a!.url}/api/session`, { method: 'DELETE', headers: { cookie, 'x-csrf-token': csrfToken } });
    expect(out.status).toBe(200);
    expect(await status(b!.url, cookie)).toBe(401);
    expect(await status(a!.url, cookie)).toBe(401);
  });

  it('a role changed on one server is the role on the other at once', async () => {
    const [a, b] = servers;
    const ann = await loggedInOnBoth('ann');
    const bob = await loggedInOnBoth('bob');
    expect(await status(b!.url, bob.cookie, '/api/users')).toBe(200);
    const list = (await (await fetch(`${a!.url}/api/users`, { headers: { cookie: ann.cookie } })).json()) as { id: number; name: string }[];
    const bobId = list.find((user) => user.name === 'bob')!.id;
    const changed = await fetch(`${a!.url}/api/users/${bobId}`, {
      method: 'PATCH',
      headers: { cookie: ann.cookie, 'x-csrf-token': ann.csrfToken, 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'viewer' }),
    });
    expect(changed.status).toBe(200);
    expect(await status(b!.url, bob.cookie, '/api/users')).toBe(403);
  });

  it('`ledgerscan users passwd` and `users remove` in another process end the sessions on both servers at once', async () => {
    const [a, b] = servers;
    const cat = await loggedInOnBoth('cat');
    expect(await status(a!.url, cat.cookie)).toBe(200);
    expect((await users('passwd', 'cat')).code).toBe(0);
    expect([await status(b!.url, cat.cookie), await status(a!.url, cat.cookie)]).toEqual([401, 401]);

    const again = await loggedInOnBoth('cat');
    expect(await status(a!.url, again.cookie)).toBe(200);
    expect((await users('remove', 'cat')).code).toBe(0);
    expect([await status(b!.url, again.cookie), await status(a!.url, again.cookie)]).toEqual([401, 401]);
  });
});

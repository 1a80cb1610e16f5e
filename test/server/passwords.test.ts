import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openPostgresWorkspaceData } from '../../src/workspace/openWorkspaceData.js';
import { hashPassword } from '../../src/workspace/secrets.js';
import type { Workspace } from '../../src/workspace/Workspace.js';
import { apiCall } from '../support/apiCall.js';
import type { Caller } from '../support/apiCall.js';
import { createDatabase, describeWithPostgres, dropDatabase } from '../support/postgres.js';
import { runInProcess } from '../support/runLedgerscan.js';
import type { Served } from '../support/serverHarness.js';
import { addUser, login, serve } from '../support/serverHarness.js';
import { openWorkspace, tempDir } from '../support/workspaceHarness.js';

let dataDir: string;
let workspace: Workspace;
let server: Served;
let ada: Caller;
let vic: Caller;
let vicId: number;

const call = (method: string, route: string, caller: Caller, body?: unknown) => apiCall(server.url, method, route, caller, body);
const idOf = async (name: string): Promise<number> => (await workspace.data.findUser(name))?.id as number;

beforeAll(async () => {
  dataDir = tempDir('passwords');
  // No run here: the API is never called.
  workspace = openWorkspace(dataDir, { url: 'http://127.0.0.1:9', apiKey: 'unused' });
  server = await serve(workspace);
  ada = { token: await addUser(workspace, 'ada', 'admin', 'ada password 1') };
  vic = { token: await addUser(workspace, 'vic', 'viewer', 'vic password 1') };
  vicId = await idOf('vic');
});

afterAll(async () => {
  await server?.close();
  await workspace?.close();
});

describe('passwords', () => {
  it("a user's own change needs the current password and the page's CSRF token, and ends their other sessions but this one", async () => {
    const here = await login(server.url, 'vic', 'vic password 1');
    const elsewhere = await login(server.url, 'vic', 'vic password 1');
    const wrong = await call('PUT', '/api/me/password', here, { current: 'not it at all', password: 'vic password 2' });
    expect([wrong.status, wrong.json<{ field: string }>().field]).toEqual([400, 'current']);
    const short = await call('PUT', '/api/me/password', here, { current: 'vic password 1', password: 'short' });
    expect([short.status, short.json<{ field: string }>().field]).toEqual([400, 'password']);
    const forged = await call(
      'PUT',
      '/api/me/password',
      { ...here, csrfToken: 'forged' },
      { current: 'vic password 1', password: 'vic password 2' },
    );
    expect(forged.status).toBe(403);

    const changed = await call('PUT', '/api/me/password', here, { current: 'vic password 1', password: 'vic password 2' });
    expect([changed.status, changed.json()]).toEqual([200, { ok: true, sessionsEnded: 1 }]);
    expect((await call('GET', '/api/books', elsewhere)).status).toBe(401);
    const page = await call('GET', '/', elsewhere);
    expect([page.status, page.headers.get('location')]).toEqual([302, '/login']);
    expect((await call('GET', '/api/books', here)).status).toBe(200);
    expect((await call('POST', '/api/session', undefined, { user: 'vic', password: 'vic password 1' })).status).toBe(401);
    await login(server.url, 'vic', 'vic password 2');
  });

  it("an admin's reset ends every session of that user; viewers may not manage users", async () => {
    const session = await login(server.url, 'vic', 'vic password 2');
    const reset = await call('PUT', `/api/users/${vicId}/password`, ada, { password: 'vic password 3' });
    expect(reset.status).toBe(200);
    expect(reset.json<{ sessionsEnded: number }>().sessionsEnded).toBeGreaterThanOrEqual(1);
    expect((await call('GET', '/api/books', session)).status).toBe(401);
    await login(server.url, 'vic', 'vic password 3');

    const adaId = await idOf('ada');
    for (const [method, route, body] of [
      ['GET', '/api/users', undefined],
      ['POST', '/api/users', { name: 'mallory', role: 'admin', password: 'mallory password' }],
      ['PATCH', `/api/users/${vicId}`, { role: 'admin' }],
      ['PUT', `/api/users/${adaId}/password`, { password: 'taken over now' }],
      ['DELETE', `/api/users/${adaId}`, undefined],
      ['GET', '/users', undefined],
    ] as const) {
      expect([method, route, (await call(method, route, vic, body)).status]).toEqual([method, route, 403]);
    }
    expect((await workspace.data.findUser('vic'))?.role).toBe('viewer');
  });

  it('the last admin can be neither removed nor demoted', async () => {
    const adaId = await idOf('ada');
    for (const refused of [
      await call('PATCH', `/api/users/${adaId}`, ada, { role: 'viewer' }),
      await call('DELETE', `/api/users/${adaId}`, ada),
    ]) {
      expect([refused.status, refused.json<{ field: string; error: string }>()]).toEqual([
        400,
        { field: 'role', error: expect.stringMatching(/without an admin/) },
      ]);
    }
    const bea = (await call('POST', '/api/users', ada, { name: 'bea', role: 'admin', password: 'bea password 1' })).json<{ id: number }>()
      .id;
    expect((await call('PATCH', `/api/users/${adaId}`, ada, { role: 'viewer' })).json()).toEqual({
      id: adaId,
      name: 'ada',
      role: 'viewer',
    });
    const beaToken = { token: (await runInProcess(['users', 'token', 'bea', '--data', dataDir], { cwd: dataDir })).stdout.trim() };
    expect((await call('DELETE', `/api/users/${bea}`, beaToken)).status).toBe(400);
    expect((await call('PATCH', `/api/users/${adaId}`, beaToken, { role: 'admin' })).status).toBe(200);
    expect((await call('DELETE', `/api/users/${bea}`, ada)).status).toBe(200);
    expect((await workspace.data.listUsers()).map((user) => [user.name, user.role])).toEqual([
      ['ada', 'admin'],
      ['vic', 'viewer'],
    ]);
  });

  it('ledgerscan users passwd reads the new password from stdin, never from the command line, and ends the sessions', async () => {
    const session = await login(server.url, 'vic', 'vic password 3');
    const inArgv = await runInProcess(['users', 'passwd', 'vic', 'vic password 4', '--data', dataDir], { cwd: dataDir });
    expect(inArgv).toMatchObject({ code: 2, stdout: '' });
    expect(await runInProcess(['users', 'passwd', 'vic', '--data', dataDir], { cwd: dataDir })).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/no password given/),
    });
    expect((await call('GET', '/api/books', session)).status).toBe(200);

    const changed = await runInProcess(['users', 'passwd', 'vic', '--data', dataDir], { cwd: dataDir, stdin: 'vic password 4\nignored\n' });
    // This session and the one the test before left.
    expect(changed).toMatchObject({ code: 0, stdout: 'changed the password of vic; 2 session(s) ended\n' });
    expect((await call('GET', '/api/books', session)).status).toBe(401);
    await login(server.url, 'vic', 'vic password 4');
    const [entry] = await workspace.data.audit.newest({ action: 'user.password_reset' }, { limit: 1 });
    expect(entry).toMatchObject({ via: 'cli', target: 'user vic', after: { sessionsEnded: 2 } });
  });
});

describeWithPostgres('keeping an admin on PostgreSQL', (server) => {
  it('two admins demoting each other at once: one change wins, the other is refused', async () => {
    const url = await createDatabase(server);
    const { data } = await openPostgresWorkspaceData(url);
    try {
      const hash = await hashPassword('a password 1');
      const [one, two] = [await data.addUser('one', 'admin', hash), await data.addUser('two', 'admin', hash)];
      const outcomes = await Promise.allSettled([data.setRole(one.id, 'viewer'), data.setRole(two.id, 'viewer')]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect((await data.listUsers()).filter((user) => user.role === 'admin')).toHaveLength(1);
      await expect(data.removeUser((await data.listUsers()).find((user) => user.role === 'admin')?.name as string)).rejects.toThrow(
        /without an admin/,
      );
    } finally {
      await data.close();
      await dropDatabase(url);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import { AUDIT_ACTIONS } from '../../src/workspace/AuditAction.js';
import type { AuditEntry } from '../../src/workspace/AuditLog.js';
import type { Workspace } from '../../src/workspace/Workspace.js';
import { apiCall } from '../support/apiCall.js';
import type { Caller } from '../support/apiCall.js';
import { e2eWorld } from '../support/e2eWorld.js';
import type { Served } from '../support/serverHarness.js';
import { addUser, login, serve } from '../support/serverHarness.js';
import { openWorkspace, tempDir, worldBook } from '../support/workspaceHarness.js';

const world = e2eWorld();
let sandbox: Sandbox;
let workspace: Workspace;
let server: Served;
let ada: Caller;
let vic: Caller;

const call = (method: string, route: string, caller: Caller, body?: unknown) => apiCall(server.url, method, route, caller, body);

/** Every entry the API gives, following its Link header page by page. */
async function wholeLog(query: string, caller: Caller = ada): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  let route: string | undefined = `/api/audit?${query}`;
  while (route !== undefined) {
    const page = await call('GET', route, caller);
    expect(page.status).toBe(200);
    entries.push(...page.json<AuditEntry[]>());
    route = /^<([^>]+)>; rel="next"$/.exec(page.headers.get('link') ?? '')?.[1];
  }
  return entries;
}

beforeAll(async () => {
  sandbox = await startSandbox({ world, rate: 1000 });
  // The queue starts later: the first run stays queued, so stopping it is certain.
  workspace = openWorkspace(tempDir('audit'), sandbox, { now: () => new Date('2026-06-01T02:00:00Z') }, 1000);
  server = await serve(workspace);
  ada = { token: await addUser(workspace, 'ada', 'admin', 'ada password 1') };
  vic = { token: await addUser(workspace, 'vic', 'viewer', 'vic password 1') };
});

afterAll(async () => {
  await server?.close();
  await workspace?.close();
  await sandbox?.close();
});

describe('the audit log', () => {
  it('records every listed action over HTTP with who did it, and only admins read it', async () => {
    expect((await call('POST', '/api/session', undefined, { user: 'vic', password: 'wrong password' })).status).toBe(401);
    const session = await login(server.url, 'ada', 'ada password 1');
    expect((await call('DELETE', '/api/session', session)).status).toBe(200);

    const book = (await call('POST', '/api/books', ada, worldBook(world, 'Audited client'))).json<{ id: number }>().id;
    expect((await call('PATCH', `/api/books/${book}`, ada, { name: 'Audited client GmbH' })).status).toBe(200);
    expect((await call('PUT', `/api/books/${book}/schedules`, ada, [{ kind: 'reconcile', cron: '0 3 * * *' }])).status).toBe(200);
    const queued = (await call('POST', `/api/books/${book}/runs`, ada, { kind: 'sync' })).json<{ id: number }>().id;
    expect((await call('POST', `/api/runs/${queued}/stop`, ada)).status).toBe(200);
    await workspace.start({ scheduler: false });
    const close = (
      await call('POST', `/api/books/${book}/runs`, ada, { kind: 'close', period: { year: 2025 }, templates: ['ledger'] })
    ).json<{ id: number }>().id;
    await workspace.queue.idle();
    expect((await workspace.data.getRun(close))?.status).toBe('succeeded');
    const share = (await call('POST', `/api/runs/${close}/shares`, ada, { days: 3 })).json<{ id: string; url: string }>();
    expect((await call('GET', `${share.url}/archive.zip`, undefined)).status).toBe(200);
    expect((await call('DELETE', `/api/shares/${share.id}`, ada)).status).toBe(200);
    expect((await call('DELETE', `/api/books/${book}`, ada)).json()).toMatchObject({ outcome: 'archived' });
    expect((await call('POST', `/api/books/${book}/restore`, ada)).status).toBe(200);
    const spare = (await call('POST', '/api/books', ada, worldBook(world, 'Spare'))).json<{ id: number }>().id;
    expect((await call('DELETE', `/api/books/${spare}`, ada)).json()).toMatchObject({ outcome: 'deleted' });

    const carl = (await call('POST', '/api/users', ada, { name: 'carl', role: 'viewer', password: 'carl password 1' })).json<{
      id: number;
    }>().id;
    expect((await call('PATCH', `/api/users/${carl}`, ada, { role: 'admin' })).status).toBe(200);
    expect((await call('PUT', `/api/users/${carl}/password`, ada, { password: 'carl password 2' })).status).toBe(200);
    expect((await call('PUT', '/api/me/password', vic, { current: 'vic password 1', password: 'vic password 2' })).status).toBe(200);
    expect((await call('DELETE', `/api/users/${carl}`, ada)).status).toBe(200);

    const log = await wholeLog('limit=4');
    const by = (action: string): AuditEntry | undefined => log.find((entry) => entry.action === action);
    const recorded = new Set(log.map((entry) => entry.action));
    for (const action of AUDIT_ACTIONS.filter(
      (name) =>
        ![
          'user.token_created',
          'rule.added',
          'rule.removed',
          'price.added',
          'price.removed',
          'note.added',
          // Recorded and read back by the entry history's test (test/server/entryHistory.test.ts).
          'note.edited',
          'note.deleted',
          'review.changed',
          'review.bulk_changed',
          'review.bulk_undone',
          'suggestion.dismissed',
          // Recorded and read back where staff are assigned (test/server/staffAccess.test.ts).
          'book.staff_changed',
          // Recorded and read back with the gains page's fixes (test/server/gains.test.ts).
          'book.cost_basis_changed',
          'lot.added',
          'lot.removed',
        ].includes(name),
    ))
      expect([action, recorded.has(action)]).toEqual([action, true]);
    // Newest first, each entry once across the pages, stamped by the database's clock (not the workspace's fixed one).
    expect(log.map((entry) => entry.id)).toEqual([...new Set(log.map((entry) => entry.id))].sort((a, b) => b - a));
    expect(log.every((entry) => !entry.at.startsWith('2026-06-01T02:00'))).toBe(true);

    expect(by('login.failed')).toMatchObject({ user: null, via: 'anonymous', target: 'user vic' });
    expect(by('login')).toMatchObject({ user: 'ada', via: 'session' });
    expect(by('logout')).toMatchObject({ user: 'ada', via: 'session' });
    expect(by('book.edited')).toMatchObject({
      user: 'ada',
      via: 'bearer',
      book,
      before: { name: 'Audited client' },
      after: { name: 'Audited client GmbH' },
    });
    expect(by('run.stopped')).toMatchObject({ user: 'ada', book, target: `run ${queued}` });
    expect(by('period.closed')).toMatchObject({ user: 'ada', book, target: `run ${close}`, after: { label: '2025' } });
    expect(by('share.downloaded')).toMatchObject({
      user: null,
      via: 'anonymous',
      book,
      target: `share ${share.id}`,
      after: { file: 'archive.zip' },
    });
    expect(by('book.deleted')).toMatchObject({ user: 'ada', book: spare, before: { name: 'Spare' } });
    expect(by('user.role_changed')).toMatchObject({
      user: 'ada',
      target: 'user carl',
      before: { role: 'viewer' },
      after: { role: 'admin' },
    });
    expect(by('user.password_changed')).toMatchObject({ user: 'vic', target: 'user vic' });
    expect(JSON.stringify(log)).not.toMatch(/password [12]|scrypt\$/);

    // Viewers may not read it (it names who failed to log in and who changed what): API and page.
    expect((await call('GET', '/api/audit', vic)).status).toBe(403);
    expect((await call('GET', '/audit', vic)).status).toBe(403);
  });

  it('filters by book, user, action and dates, on the API and the page', async () => {
    const all = await wholeLog('');
    const book = all.find((entry) => entry.action === 'period.closed')?.book as number;
    expect((await wholeLog(`book=${book}`)).map((entry) => entry.id)).toEqual(
      all.filter((entry) => entry.book === book).map((entry) => entry.id),
    );
    expect((await wholeLog('user=vic')).map((entry) => entry.action)).toEqual(['user.password_changed']);
    expect((await wholeLog('action=login')).every((entry) => entry.action === 'login')).toBe(true);
    const today = all[0]?.at.slice(0, 10) as string;
    expect(await wholeLog(`from=${today}&to=${today}`)).toHaveLength(all.length);
    expect(await wholeLog('to=2000-01-01')).toEqual([]);
    const refused = await call('GET', '/api/audit?from=2026-13-45', ada);
    expect([refused.status, refused.json<{ field: string }>().field]).toEqual([400, 'from']);

    const page = await call('GET', `/audit?book=${book}&action=period.closed`, ada);
    expect(page.status).toBe(200);
    expect(page.text).toContain('period.closed');
    expect(page.text).toContain('Audited client GmbH');
    expect(page.text).not.toContain('<code>book.edited</code>');
  });

  it('has no route that changes or removes an entry', async () => {
    const before = (await wholeLog('')).length;
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/api/audit', '/api/audit/:id', '/audit'])
        expect([method, url, server.app.hasRoute({ method, url })]).toEqual([method, url, false]);
      expect((await call(method, '/api/audit', ada, method === 'DELETE' ? undefined : {})).status).toBe(404);
      expect((await call(method, '/api/audit/1', ada, method === 'DELETE' ? undefined : {})).status).toBe(404);
    }
    expect(await wholeLog('')).toHaveLength(before);
  });
});

import { describe, expect, it } from '@jest/globals';
import type { ApiAnswer } from '../support/apiCall.js';
import { e2eWorld } from '../support/e2eWorld.js';
import { servedWorkspace } from '../support/servedWorkspace.js';
import { runInProcess } from '../support/runLedgerscan.js';
import { tempDir, worldBook } from '../support/workspaceHarness.js';

const world = e2eWorld();

// Alice works on client A's book and Carol is client A; Bob works on client B's book only.
const served = servedWorkspace('staff', {
  world,
  users: [
    { name: 'keeper', role: 'admin', password: 'keeper password 1' },
    { name: 'reader', role: 'viewer', password: 'reader password 1' },
    { name: 'alice', role: 'staff', password: 'alice password 1' },
    { name: 'bob', role: 'staff', password: 'bob password 1' },
    { name: 'carol', role: 'client', password: 'carol password 1' },
  ],
  book: 'Client A',
});

const as = (user: string, method: string, route: string, body?: unknown): Promise<ApiAnswer> =>
  served.call(method, route, served.tokens[user]!, body);

/** Every route of the server as `METHOD /path`, read from Fastify's own table (`printRoutes`), not from a list of ours. */
function routeTable(): { method: string; url: string }[] {
  const found: { method: string; url: string }[] = [];
  const prefixes: string[] = [];
  for (const line of served.server.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[└├]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line.replace(/\u00a0/g, ' '));
    if (match === null) continue;
    const depth = match[1]!.length / 4;
    const parent = depth === 0 ? '' : prefixes[depth - 1]!;
    // The tree folds the `/` before a wildcard into its node: `/files` then `*` is `/files/*`.
    const url = parent + (match[2] === '*' && !parent.endsWith('/') ? '/*' : match[2]!);
    prefixes[depth] = url;
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') found.push({ method, url });
  }
  return found;
}

const BOOK_PATH = /\/(books|runs|shares)\/:/;

/** The route's path with every parameter filled: the first (what `/books/`, `/runs/` or `/shares/` names) from `ids`. */
function address(url: string, ids: Record<'books' | 'runs' | 'shares', string>, children: Record<string, string>): string {
  const scope = BOOK_PATH.exec(url)![1] as 'books' | 'runs' | 'shares';
  return url
    .replace(/:[A-Za-z]+/, ids[scope])
    .replace(/:([A-Za-z]+)/g, (_all, name: string) => children[name] ?? '1')
    .replace('*', 'ledger.csv');
}

describe('staff and clients see only their books', () => {
  let bookB = 0;
  let runA = 0;
  let shareA = '';
  let ruleA = '';
  let priceA = '';
  let entryA = '';

  it('assigns books to staff and clients (admins only, audited); the books list shows each only theirs', async () => {
    bookB = (await served.workspace.addBook(worldBook(world, 'Client B'))).id;
    const bookA = served.bookId;
    expect((await as('alice', 'PUT', `/api/books/${bookA}/staff`, { users: ['alice'] })).status).toBe(403);
    const unknown = await as('keeper', 'PUT', `/api/books/${bookA}/staff`, { users: ['mallory'] });
    expect([unknown.status, unknown.json()]).toEqual([400, { error: 'users: no user "mallory" (see GET /api/users)', field: 'users' }]);
    expect((await as('keeper', 'PUT', `/api/books/${bookA}/staff`, { users: ['reader'] })).json()).toMatchObject({ field: 'users' });
    const assigned = await as('keeper', 'PUT', `/api/books/${bookA}/staff`, { users: ['carol', 'alice', 'alice'] });
    expect(assigned.status).toBe(200);
    expect(assigned.json<{ users: { name: string; role: string }[] }>().users.map((user) => `${user.name} ${user.role}`)).toEqual([
      'alice staff',
      'carol client',
    ]);
    expect((await as('keeper', 'PUT', `/api/books/${bookB}/staff`, { users: ['bob'] })).status).toBe(200);
    expect((await as('keeper', 'GET', `/api/books/${bookB}/staff`)).json()).toMatchObject({ users: [{ name: 'bob', role: 'staff' }] });

    const audit = (await as('keeper', 'GET', `/api/audit?action=book.staff_changed`)).json<
      { user: string; before: unknown; after: unknown }[]
    >();
    expect(audit.map(({ user, before, after }) => ({ user, before, after }))).toEqual(
      expect.arrayContaining([
        { user: 'keeper', before: [], after: ['alice', 'carol'] },
        { user: 'keeper', before: [], after: ['bob'] },
      ]),
    );

    // The admins' page for it ticks the assigned and offers every staff and client user, never an admin or viewer.
    const staffPage = (await as('keeper', 'GET', `/books/${bookA}/staff`)).text;
    expect(
      [...staffPage.matchAll(/value="(\w+)" ?(checked)?/g)].map(([, name, checked]) => `${name}${checked === undefined ? '' : ' ✓'}`),
    ).toEqual(['alice ✓', 'bob', 'carol ✓']);
    expect((await as('alice', 'GET', `/books/${bookA}/staff`)).status).toBe(403);

    const names = async (user: string): Promise<string[]> =>
      (await as(user, 'GET', '/api/books')).json<{ name: string }[]>().map((book) => book.name);
    expect(await names('keeper')).toEqual(['Client A', 'Client B']);
    expect(await names('reader')).toEqual(['Client A', 'Client B']);
    expect(await names('alice')).toEqual(['Client A']);
    expect(await names('carol')).toEqual(['Client A']);
    expect(await names('bob')).toEqual(['Client B']);
    const page = await as('bob', 'GET', '/');
    expect([page.status, page.text.includes('Client B'), page.text.includes('Client A')]).toEqual([200, true, false]);
  });

  it('staff work on their book: a run, a share link, a rule, a price, a note; its client only reads', async () => {
    const bookA = served.bookId;
    runA = await served.runToEnd({ kind: 'export', period: { year: 2025 }, templates: ['ledger'] }, served.tokens.alice!, bookA);
    const share = await as('alice', 'POST', `/api/runs/${runA}/shares`, { days: 7 });
    expect(share.status).toBe(201);
    shareA = share.json<{ id: string }>().id;
    const rule = await as('alice', 'POST', `/api/books/${bookA}/rules`, {
      match: { tx: `0x${'ab'.repeat(32)}` },
      category: 'airdrop',
      reason: 'claimed drop',
    });
    expect([rule.status, rule.text]).toEqual([201, expect.any(String)]);
    ruleA = String(rule.json<{ rule: { id: number } }>().rule.id);
    const price = await as('alice', 'POST', `/api/books/${bookA}/prices`, {
      time: '2025-03-01T00:00:00Z',
      chain: 1,
      asset: 'native',
      price: '2000',
    });
    expect(price.status).toBe(201);
    priceA = String(price.json<{ id: number }>().id);
    entryA = (await as('alice', 'GET', `/api/books/${bookA}/entries?limit=1`)).json<{ entries: { entry_id: string }[] }>().entries[0]!
      .entry_id;
    expect((await as('alice', 'POST', `/api/books/${bookA}/entries/${entryA}/notes`, { text: 'checked' })).status).toBe(201);
    expect((await as('alice', 'GET', `/api/books/${bookA}/entries/${entryA}/history`)).status).toBe(200);
    // The pages offer staff what they may do on their book, and not what stays the admins'.
    const [bookPage, runPage] = [await as('alice', 'GET', `/books/${bookA}`), await as('alice', 'GET', `/runs/${runA}`)];
    expect([bookPage.text.includes('New run'), bookPage.text.includes('Edit book'), runPage.text.includes('Create share link')]).toEqual([
      true,
      false,
      true,
    ]);
    const [clientBook, clientRun] = [await as('carol', 'GET', `/books/${bookA}`), await as('carol', 'GET', `/runs/${runA}`)];
    expect([clientBook.text.includes('New run'), clientRun.text.includes('Create share link')]).toEqual([false, false]);
    // Staff are not admins: the book itself, its assignment and the audit log stay the admins'.
    expect((await as('alice', 'DELETE', `/api/books/${bookA}`)).status).toBe(403);
    expect((await as('alice', 'GET', '/api/audit')).status).toBe(403);

    // The client reads its book (downloads, summary, run page) and changes nothing, nor reads the audit log, nor an
    // entry's history drawn from it.
    for (const route of [
      `/api/books/${bookA}`,
      `/api/runs/${runA}/files/ledger.csv`,
      `/api/runs/${runA}/archive.zip`,
      `/books/${bookA}/summary`,
      `/runs/${runA}`,
    ])
      expect([route, (await as('carol', 'GET', route)).status]).toEqual([route, 200]);
    for (const [method, route] of [
      ['POST', `/api/books/${bookA}/runs`],
      ['POST', `/api/runs/${runA}/shares`],
      ['POST', `/api/books/${bookA}/entries/${entryA}/notes`],
      ['DELETE', `/api/books/${bookA}/rules/${ruleA}`],
      ['GET', '/api/audit'],
      ['GET', '/audit'],
      ['GET', `/api/books/${bookA}/entries/${entryA}/history`],
    ] as const)
      expect([route, (await as('carol', method, route, method === 'GET' ? undefined : {})).status]).toEqual([route, 403]);
  });

  it('on every route that names a book, run or share, another book’s ids answer exactly as ids that do not exist', async () => {
    const routes = routeTable();
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: 'GET', url: '/api/runs/:id/files/*' },
        { method: 'DELETE', url: '/api/shares/:id' },
      ]),
    );
    const scoped = routes.filter((route) => BOOK_PATH.test(route.url));
    expect(scoped.length).toBeGreaterThan(35);
    const children = { entryId: entryA, ruleId: ruleA, priceId: priceA };
    const theirs = { books: String(served.bookId), runs: String(runA), shares: shareA };
    const nowhere = { books: '999999', runs: '999999', shares: 'n0sUchShare0000000000a' };
    const outcomes: string[] = [];
    // Bob is staff of another book; Carol is a client of book A, so book B is the other book for her.
    for (const [user, other, missing] of [
      ['bob', theirs, nowhere],
      ['carol', { books: String(bookB), runs: '999998', shares: 'n0sUchShare0000000000b' }, nowhere],
    ] as const)
      for (const { method, url } of scoped) {
        const body = method === 'GET' || method === 'DELETE' ? undefined : {};
        const [real, unknown] = [
          await as(user, method, address(url, other, children), body),
          await as(user, method, address(url, missing, children), body),
        ];
        const outcome = `${user} ${method} ${url} → ${real.status}`;
        outcomes.push(outcome);
        // 404 (nothing said about the id), or a refusal by role alone (403) that does not depend on the id either; an
        // error page differs only in its session's CSRF token, drawn anew for each page.
        const unsessioned = (text: string): string => text.replace(/<meta name="csrf-token" content="[^"]*">/, '');
        expect([outcome, unsessioned(real.text)]).toEqual([`${user} ${method} ${url} → ${unknown.status}`, unsessioned(unknown.text)]);
        expect([outcome, [403, 404].includes(real.status)]).toEqual([outcome, true]);
        // Reads refused by role alone: a book's staff list (the admins'), an entry's history (staff's, not a client's).
        if (method === 'GET' && !url.endsWith('/staff') && !(user === 'carol' && url.endsWith('/history')))
          expect(outcome).toMatch(/→ 404$/);
        if (user === 'carol' && method !== 'GET') expect(outcome).toMatch(/→ 403$/);
      }
    // Bob's writes on book A are 404s too, not "only an admin": the book is simply not there for him.
    expect(outcomes).toEqual(
      expect.arrayContaining([
        'bob POST /api/runs/:id/shares → 404',
        'bob DELETE /api/shares/:id → 404',
        'bob POST /api/books/:id/runs → 404',
        'bob GET /api/runs/:id/events → 404',
        'bob GET /api/runs/:id/files/* → 404',
        'bob GET /books/:id/entries → 404',
      ]),
    );
    // Still there for its own people.
    expect((await as('alice', 'GET', `/api/shares/${shareA}/downloads`)).status).toBe(200);
    expect((await as('reader', 'GET', `/api/runs/${runA}/files/ledger.csv`)).status).toBe(200);
  });
});

describe('ledgerscan users add --role staff|client', () => {
  it('adds staff and clients; any other role is refused naming the four', async () => {
    const dataDir = tempDir('staff-cli');
    const cli = (args: string[]) =>
      runInProcess([...args, '--data', dataDir], { cwd: dataDir, env: { LEDGERSCAN_PASSWORD: 'a long password 1' } });
    expect((await cli(['users', 'add', 'pat', '--role', 'staff'])).stdout).toBe('added pat (staff)\n');
    expect((await cli(['users', 'add', 'acme', '--role', 'client'])).stdout).toBe('added acme (client)\n');
    expect(await cli(['users', 'add', 'boss', '--role', 'owner'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--role "owner" is not a role (use viewer, staff, client, admin)'),
    });
    expect((await cli(['users', 'list'])).stdout).toBe('acme\tclient\npat\tstaff\n');
  });
});

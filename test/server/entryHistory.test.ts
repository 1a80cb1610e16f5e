import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Workspace } from '../../src/workspace/Workspace.js';
import { apiCall } from '../support/apiCall.js';
import { e2eWorld } from '../support/e2eWorld.js';
import type { Served } from '../support/serverHarness.js';
import { addUser, serve } from '../support/serverHarness.js';
import { worldBook } from '../support/workspaceHarness.js';
import { describeBothWays, type SuiteWorkspace } from '../support/workspaceBothWays.js';

type Entry = Record<string, string> & { notes: { id: number; author: string; text: string }[] };
interface HistoryEvent {
  at: string;
  user: string | null;
  kind: string;
  action: string;
  change: string;
}

const world = e2eWorld();

/** An entry's history on one backend: every kind of change listed with who and when, notes changed only by their author or an admin. */
function historySuite(open: () => Promise<SuiteWorkspace>): void {
  let workspace: Workspace;
  let close: () => Promise<void>;
  let server: Served;
  const tokens: Record<string, string> = {};
  let bookId: number;
  let other: number;

  const call = (who: string, method: string, route: string, body?: unknown) =>
    apiCall(server.url, method, route, { token: tokens[who] as string }, body);

  beforeAll(async () => {
    let execute: (runId: number) => Promise<void>;
    ({ workspace, execute, close } = await open());
    server = await serve(workspace);
    for (const [name, role] of [
      ['keeper', 'admin'],
      ['sam', 'staff'],
      ['tess', 'staff'],
      ['cora', 'client'],
      ['vera', 'viewer'],
    ] as const)
      tokens[name] = await addUser(workspace, name, role, `${name} password 1`);
    bookId = (await workspace.addBook(worldBook(world))).id;
    other = (await workspace.addBook(worldBook(world, 'Client B'))).id;
    expect((await call('keeper', 'PUT', `/api/books/${bookId}/staff`, { users: ['sam', 'tess', 'cora'] })).status).toBe(200);
    const run = await workspace.startRun(bookId, { kind: 'export', period: { year: 2025 }, templates: ['ledger'] });
    if (run === undefined) throw new Error('no run');
    await execute(run.id);
    expect((await workspace.data.getRun(run.id))?.status).toBe('succeeded');
  }, 120_000);

  afterAll(async () => {
    await server.close();
    await close();
  });

  it('lists a rule, a review, a bulk action and its undo, a note added, edited and deleted and a price, newest first with who and when', async () => {
    const page = (await call('keeper', 'GET', `/api/books/${bookId}/entries?limit=500`)).json<{ entries: Entry[] }>();
    const entry = page.entries.find((one) => one.asset_contract !== '' && one.category !== 'fee') as Entry;
    const elsewhere = page.entries.find((one) => one.tx_hash !== entry.tx_hash && one.asset_contract !== entry.asset_contract) as Entry;
    const base = `/api/books/${bookId}/entries/${entry.entry_id}`;
    const history = async (who = 'sam'): Promise<HistoryEvent[]> => {
      const answer = await call(who, 'GET', `${base}/history`);
      expect(answer.status).toBe(200);
      return answer.json<{ history: HistoryEvent[] }>().history;
    };
    expect(await history()).toEqual([]);

    const rules = `/api/books/${bookId}/rules`;
    expect((await call('keeper', 'POST', rules, { match: { tx: entry.tx_hash }, label: 'Checked', reason: 'seen' })).status).toBe(201);
    // A rule and a price of other legs are not this entry's.
    expect((await call('keeper', 'POST', rules, { match: { tx: elsewhere.tx_hash }, label: 'Other', reason: 'seen' })).status).toBe(201);
    expect((await call('tess', 'PUT', `${base}/review`, { status: 'flagged' })).status).toBe(200);
    const bulk = await call('sam', 'POST', `/api/books/${bookId}/review`, { filter: { q: entry.tx_hash }, status: 'reviewed' });
    expect(bulk.status).toBe(200);
    const action = bulk.json<{ action: number }>().action;
    expect((await call('sam', 'POST', `/api/books/${bookId}/actions/${action}/undo`)).status).toBe(200);
    const time = new Date(Date.parse(entry.timestamp as string)).toISOString();
    const prices = `/api/books/${bookId}/prices`;
    const price = { time, chain: Number(entry.chain_id), asset: entry.asset_contract, price: '1.5' };
    expect((await call('keeper', 'POST', prices, price)).status).toBe(201);
    expect((await call('keeper', 'POST', prices, { ...price, asset: 'native', time: '2020-01-01T00:00:00Z' })).status).toBe(201);

    const note = (await call('sam', 'POST', `${base}/notes`, { text: 'first words' })).json<{ id: number }>();
    // Only the author or an admin changes a note: another staff member and a client are refused, nothing changed.
    expect((await call('tess', 'PUT', `${base}/notes/${note.id}`, { text: 'not mine' })).status).toBe(403);
    expect((await call('cora', 'PUT', `${base}/notes/${note.id}`, { text: 'not mine' })).status).toBe(403);
    expect((await call('cora', 'DELETE', `${base}/notes/${note.id}`)).status).toBe(403);
    expect((await call('sam', 'PUT', `${base}/notes/${note.id}`, { text: 'second words' })).json()).toMatchObject({
      id: note.id,
      author: 'sam',
      text: 'second words',
    });
    const shown = async (): Promise<Entry['notes']> =>
      (await call('sam', 'GET', `/api/books/${bookId}/entries?q=${entry.tx_hash}`))
        .json<{ entries: Entry[] }>()
        .entries.find((one) => one.entry_id === entry.entry_id)?.notes ?? [];
    expect((await shown()).map((one) => one.text)).toEqual(['second words']);
    const later = (await call('sam', 'POST', `${base}/notes`, { text: 'to remove' })).json<{ id: number }>();
    expect((await call('tess', 'DELETE', `${base}/notes/${later.id}`)).status).toBe(403);
    expect((await call('keeper', 'DELETE', `${base}/notes/${later.id}`)).status).toBe(200);
    expect((await call('keeper', 'DELETE', `${base}/notes/${later.id}`)).status).toBe(404);
    expect((await shown()).map((one) => one.text)).toEqual(['second words']);

    const events = await history();
    expect(events.map((event) => [event.action, event.user])).toEqual([
      ['note.deleted', 'keeper'],
      ['note.added', 'sam'],
      ['note.edited', 'sam'],
      ['note.added', 'sam'],
      ['price.added', 'keeper'],
      ['review.bulk_undone', 'sam'],
      ['review.bulk_changed', 'sam'],
      ['review.changed', 'tess'],
      ['rule.added', 'keeper'],
    ]);
    expect(events.map((event) => event.kind)).toEqual(['note', 'note', 'note', 'note', 'price', 'review', 'review', 'review', 'rule']);
    expect(events.every((event) => /^\d{4}-\d\d-\d\dT/.test(event.at))).toBe(true);
    expect(events.map((event) => event.at)).toEqual(
      events
        .map((event) => event.at)
        .sort()
        .reverse(),
    );
    expect(events.find((event) => event.action === 'rule.added')?.change).toMatch(/^rule \d+ added: label Checked$/);
    expect(events.find((event) => event.action === 'review.changed')?.change).toBe('review flagged (was unreviewed)');
    expect(events.find((event) => event.action === 'review.bulk_changed')?.change).toContain(`review reviewed by review action ${action}`);
    expect(events.find((event) => event.action === 'price.added')?.change).toContain(`manual price 1.5 USD at ${time.slice(0, 19)}`);
    // The old texts are the audit log's alone: not in the history, not in the entry.
    expect(JSON.stringify(events)).not.toMatch(/first words|to remove/);
    const audit = (await call('keeper', 'GET', `/api/audit?book=${bookId}`)).json<{ action: string; before: unknown; after: unknown }[]>();
    expect(audit.find((line) => line.action === 'note.edited')).toMatchObject({
      before: { text: 'first words' },
      after: { text: 'second words' },
    });
    expect(audit.find((line) => line.action === 'note.deleted')).toMatchObject({ before: { text: 'to remove', author: 'sam' } });
    // Viewers read (every book): the same history. A client, outside the firm, does not: not even its own book's entry's.
    expect((await history('vera')).length).toBe(events.length);
    const refused = await call('cora', 'GET', `${base}/history`);
    expect([refused.status, refused.text]).toEqual([403, expect.stringContaining("read by admins, viewers and the book's staff")]);
  });

  it("another book's entry is not found, through that book or by a staff member not assigned to it", async () => {
    const page = (await call('keeper', 'GET', `/api/books/${bookId}/entries?limit=1`)).json<{ entries: Entry[] }>();
    const entryId = (page.entries[0] as Entry).entry_id as string;
    expect((await call('keeper', 'GET', `/api/books/${other}/entries/${entryId}/history`)).status).toBe(404);
    expect((await call('sam', 'GET', `/api/books/${other}/entries/${entryId}/history`)).status).toBe(404);
    const note = (await call('sam', 'POST', `/api/books/${bookId}/entries/${entryId}/notes`, { text: 'mine' })).json<{ id: number }>();
    expect((await call('keeper', 'PUT', `/api/books/${other}/entries/${entryId}/notes/${note.id}`, { text: 'moved' })).status).toBe(404);
    expect((await call('keeper', 'DELETE', `/api/books/${other}/entries/${entryId}/notes/${note.id}`)).status).toBe(404);
    expect((await call('sam', 'GET', `/api/books/${bookId}/entries/x${'0'.repeat(16)}/history`)).status).toBe(404);
  });
}

describeBothWays('an entry’s history', world, historySuite);

import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Workspace } from '../../src/workspace/Workspace.js';
import { nightSummary } from '../../src/workspace/nightSummary.js';
import { apiCall } from '../support/apiCall.js';
import { e2eWorld } from '../support/e2eWorld.js';
import type { Served } from '../support/serverHarness.js';
import { addUser, serve } from '../support/serverHarness.js';
import { worldBook } from '../support/workspaceHarness.js';
import { describeBothWays, type SuiteWorkspace } from '../support/workspaceBothWays.js';

const world = e2eWorld();
const BOOKS = 57;
const NIGHT = '2026-11-27';
const name = (index: number): string => `Client ${String(index).padStart(3, '0')}`;

/** The books list a page at a time at a firm's size: every book once, ordered and filtered over all of them. */
function pagingSuite(open: () => Promise<SuiteWorkspace>): void {
  let workspace: Workspace;
  let close: () => Promise<void>;
  let server: Served;
  const tokens: Record<string, string> = {};
  const ids: number[] = [];
  const call = (who: string, route: string) => apiCall(server.url, 'GET', route, { token: tokens[who] as string });

  beforeAll(async () => {
    ({ workspace, close } = await open());
    server = await serve(workspace);
    tokens.keeper = await addUser(workspace, 'keeper', 'admin', 'keeper password 1');
    tokens.sam = await addUser(workspace, 'sam', 'staff', 'sam password 1');
    // Added out of name order, so that the name order is not the ids'.
    for (let index = BOOKS; index >= 1; index -= 1) ids.push((await workspace.addBook(worldBook(world, name(index)))).id);
    const { data } = workspace;
    // Last night's scheduled reconciles: one in ten with differences (and its alert), one in twenty failed, the rest clean.
    for (const [index, bookId] of ids.entries()) {
      const at = `${NIGHT}T02:0${index % 10}:00.000Z`;
      const run = await data.addRun(bookId, { kind: 'reconcile', period: { year: 2025 } }, 'schedule', at);
      const status = index % 20 === 3 ? 'failed' : index % 10 === 0 ? 'differences' : 'succeeded';
      await data.updateRun(run.id, {
        status,
        startedAt: at,
        finishedAt: at,
        progress: { phase: 'done', blocksPercent: 100, receiptsDone: 0, receiptsTotal: 0, etaSeconds: null, apiCalls: index },
        ...(status === 'failed'
          ? { error: 'boom' }
          : {
              summary: {
                apiCalls: index,
                assets: 1,
                differences: status === 'differences' ? 1 : 0,
                ...(status === 'differences' ? { alert: 'differences', alertAt: at, alertDelivered: at } : {}),
              },
            }),
      });
    }
    await workspace.data.setBookStaff(ids[5] as number, [(await workspace.data.findUser('sam'))!.id]);
  }, 180_000);

  afterAll(async () => {
    await server.close();
    await close();
  });

  const names = (answer: { json: <T>() => T }): string[] => answer.json<{ name: string }[]>().map((one) => one.name);

  it('pages through every book exactly once in the order asked, with the total and the next and previous pages', async () => {
    const seen: string[] = [];
    let route: string | undefined = '/api/books?sort=name&limit=10';
    for (let pages = 0; route !== undefined; pages += 1) {
      const answer = await call('keeper', route);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-total-count')).toBe(String(BOOKS));
      seen.push(...names(answer));
      const link = answer.headers.get('link') ?? '';
      if (pages > 0) expect(link).toContain('rel="prev"');
      route = /<([^>]+)>; rel="next"/.exec(link)?.[1];
      expect(pages).toBeLessThan(10);
    }
    expect(seen).toEqual(Array.from({ length: BOOKS }, (_, index) => name(index + 1)));
    // Without a limit, a page of 100: every book here, in the default order, each once.
    const all = names(await call('keeper', '/api/books'));
    expect([...all].sort()).toEqual([...seen].sort());
    const descending = [];
    for (let page = 1; page <= 6; page += 1)
      descending.push(...names(await call('keeper', `/api/books?sort=name&order=desc&limit=10&page=${page}`)));
    expect(descending).toEqual([...seen].reverse());
  });

  it('finds a book by a part of its name and the books by last reconcile, the worst first, over every book', async () => {
    expect(names(await call('keeper', '/api/books?name=ENT%2004'))).toEqual(
      [
        'Client 040',
        'Client 041',
        'Client 042',
        'Client 043',
        'Client 044',
        'Client 045',
        'Client 046',
        'Client 047',
        'Client 048',
        'Client 049',
      ].sort((a, b) => a.localeCompare(b)),
    );
    expect(names(await call('keeper', '/api/books?name=%25'))).toEqual([]);
    const failed = await call('keeper', '/api/books?status=failed&sort=name');
    expect(failed.headers.get('x-total-count')).toBe('3');
    // Every state counted over the books the filter lets through, whatever `status` asked, as the front page shows them.
    const counts = (answer: { headers: Headers }): Record<string, number> =>
      Object.fromEntries(
        (answer.headers.get('x-reconcile-counts') ?? '').split(', ').map((pair) => [pair.split('=')[0], Number(pair.split('=')[1])]),
      );
    const everyState = counts(failed);
    expect(Object.keys(everyState)).toEqual(['failed', 'differences', 'deferred', 'none', 'stopped', 'succeeded']);
    expect(everyState.failed).toBe(3);
    expect(Object.values(everyState).reduce((sum, count) => sum + count, 0)).toBe(BOOKS);
    expect(counts(await call('keeper', '/api/books?limit=1'))).toEqual(everyState);
    expect(Object.values(counts(await call('sam', '/api/books?status=failed'))).reduce((sum, count) => sum + count, 0)).toBe(1);
    const byStatus = names(await call('keeper', '/api/books?sort=reconcile&limit=9'));
    const worst = [...names(failed), ...names(await call('keeper', '/api/books?status=differences&sort=name'))];
    expect(byStatus).toEqual(worst);
    expect(names(await call('sam', '/api/books'))).toEqual([name(BOOKS - 5)]);
    expect((await call('keeper', '/api/books?limit=501')).json()).toMatchObject({ field: 'limit' });
  });

  it('renders the front page a page at a time, with the books by last reconcile and the night', async () => {
    const first = (await call('keeper', '/?sort=name')).text;
    expect(first.match(/<a href="\/books\/\d+">/g)?.length).toBe(50);
    expect(first).toContain(`1–50 of ${BOOKS}`);
    expect(first).toContain('href="/?sort=name&amp;order=asc&amp;page=2" rel="next" data-page="next"');
    expect(first).toContain('data-state="failed">3 failed</a>');
    const second = (await call('keeper', '/?sort=name&order=asc&page=2')).text;
    expect(second.match(/<a href="\/books\/\d+">/g)?.length).toBe(BOOKS - 50);
    expect(second).toContain('data-page="previous"');
    expect(second).not.toContain('data-page="next"');
    const found = (await call('keeper', '/?name=client%20057')).text;
    expect(found.match(/<a href="\/books\/\d+">/g)?.length).toBe(1);
  });

  it("summarises the night as the whole night's runs read whole do", async () => {
    const runs = [...(await workspace.data.runsOfBooks(ids)).values()].flat().filter((run) => run.trigger === 'schedule');
    const summary = await workspace.data.nights.latest();
    expect(summary).toEqual(nightSummary(NIGHT, runs));
    expect(summary).toMatchObject({ books: BOOKS, failed: 3, differences: 6 });
    expect(summary?.findings).toHaveLength(6);
  });
}

describeBothWays('the books list a page at a time', world, pagingSuite);

import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Workspace } from '../../src/workspace/Workspace.js';
import { apiCall } from '../support/apiCall.js';
import { e2eWorld } from '../support/e2eWorld.js';
import type { Served } from '../support/serverHarness.js';
import { addUser, serve } from '../support/serverHarness.js';
import { worldBook } from '../support/workspaceHarness.js';
import { describeBothWays, type SuiteWorkspace } from '../support/workspaceBothWays.js';

interface Listed {
  id: number;
  name: string;
  review: { unreviewed: number; reviewed: number; flagged: number };
  period: { from: string; to: string } | null;
  flags: { missingPrice: number; unclassifiedTransfers: number; unmatchedBridges: number; basisIssues: number | null };
  holdings: { runId: number; value: string; currency: string; unvalued: number } | null;
  links: Record<string, string>;
  lastRun: { id: number } | null;
}

const world = e2eWorld();

/** The books list as a dashboard on one backend: each figure equals the filtered table its link opens. */
function dashboardSuite(open: () => Promise<SuiteWorkspace>): void {
  let workspace: Workspace;
  let close: () => Promise<void>;
  let server: Served;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};

  const call = (who: string, method: string, route: string, body?: unknown) =>
    apiCall(server.url, method, route, { token: tokens[who] as string }, body);
  const total = async (bookId: number, query: string): Promise<number> => {
    const answer = await call('keeper', 'GET', `/api/books/${bookId}/entries?${query}&limit=1`);
    expect(answer.status).toBe(200);
    return answer.json<{ total: number }>().total;
  };

  beforeAll(async () => {
    let execute: (runId: number) => Promise<void>;
    ({ workspace, execute, close } = await open());
    server = await serve(workspace);
    tokens.keeper = await addUser(workspace, 'keeper', 'admin', 'keeper password 1');
    tokens.sam = await addUser(workspace, 'sam', 'staff', 'sam password 1');
    const periods = { Year: { year: 2025 }, Quarter: { from: '2025-04-01', to: '2025-06-30' } };
    ids.Year = (await workspace.addBook({ ...worldBook(world, 'Year'), costBasis: { profile: 'generic' } })).id;
    for (const name of ['Quarter', 'Idle']) ids[name] = (await workspace.addBook(worldBook(world, name))).id;
    for (const [name, period] of Object.entries(periods)) {
      const run = await workspace.startRun(ids[name] as number, { kind: 'export', period, templates: ['ledger'] });
      if (run === undefined) throw new Error('no run');
      await execute(run.id);
      expect((await workspace.data.getRun(run.id))?.status).toBe('succeeded');
    }
    const reconcile = await workspace.startRun(ids.Quarter as number, { kind: 'reconcile', period: periods.Quarter });
    if (reconcile === undefined) throw new Error('no run');
    await execute(reconcile.id);
    expect((await call('keeper', 'PUT', `/api/books/${ids.Year}/staff`, { users: ['sam'] })).status).toBe(200);
    // Some decided: two flagged, three reviewed, and a spam entry reviewed (spam is aside: counted nowhere).
    const year = ids.Year as number;
    const { entries } = (await call('keeper', 'GET', `/api/books/${year}/entries?limit=40&spam=false&from=2025-01-01&to=2025-12-31`)).json<{
      entries: { entry_id: string }[];
    }>();
    for (const [index, entry] of entries.slice(0, 5).entries())
      await call('keeper', 'PUT', `/api/books/${year}/entries/${entry.entry_id}/review`, { status: index < 2 ? 'flagged' : 'reviewed' });
    const [spam] = (await call('keeper', 'GET', `/api/books/${year}/entries?limit=1&spam=true`)).json<{ entries: { entry_id: string }[] }>()
      .entries;
    if (spam !== undefined) await call('keeper', 'PUT', `/api/books/${year}/entries/${spam.entry_id}/review`, { status: 'reviewed' });
  }, 180_000);

  afterAll(async () => {
    await server.close();
    await close();
  });

  it("each book's figures equal the filtered table of its period that its link opens", async () => {
    const listed = (await call('keeper', 'GET', '/api/books')).json<Listed[]>();
    const year = listed.find((one) => one.name === 'Year') as Listed;
    expect(year.review).toMatchObject({ reviewed: 3, flagged: 2 });
    expect(year.flags.missingPrice + year.flags.unclassifiedTransfers).toBeGreaterThan(0);
    for (const book of listed.filter((one) => one.period !== null)) {
      const period = `from=${book.period?.from ?? ''}&to=${book.period?.to ?? ''}&spam=false`;
      expect([book.name, book.review.unreviewed]).toEqual([book.name, await total(book.id, `${period}&review=unreviewed`)]);
      expect([book.name, book.review.flagged]).toEqual([book.name, await total(book.id, `${period}&review=flagged`)]);
      expect([book.name, book.flags.missingPrice]).toEqual([book.name, await total(book.id, `${period}&flag=missing_price`)]);
      expect([book.name, book.flags.unclassifiedTransfers]).toEqual([book.name, await total(book.id, `${period}&category=transfer`)]);
      expect([book.name, book.flags.unmatchedBridges]).toEqual([book.name, await total(book.id, `${period}&flag=unmatched_bridge`)]);
      // "Without a price" is what the view's totals call so: spam and unknown decimals apart.
      const totals = (await call('keeper', 'GET', `/api/books/${book.id}/entries/totals?${period}`)).json<{
        value: { withoutPrice: number } | null;
      }>();
      expect(totals.value?.withoutPrice ?? 0).toBe(book.flags.missingPrice);
      expect(book.links).toEqual({
        toReview: `/books/${book.id}/entries?spam=false&review=unreviewed`,
        flaggedInReview: `/books/${book.id}/entries?spam=false&review=flagged`,
        missingPrice: `/books/${book.id}/entries?spam=false&flag=missing_price`,
        unclassified: `/books/${book.id}/entries?spam=false&category=transfer`,
        unmatchedBridges: `/books/${book.id}/entries?spam=false&flag=unmatched_bridge`,
      });
    }
    expect(listed.find((one) => one.name === 'Quarter')?.period).toEqual({ from: '2025-04-01', to: '2025-06-30' });
    expect(listed.find((one) => one.name === 'Idle')).toMatchObject({
      period: null,
      review: { unreviewed: 0, reviewed: 0, flagged: 0 },
      flags: { missingPrice: 0, unclassifiedTransfers: 0, unmatchedBridges: 0 },
    });
    // The runs' own figures: the cost basis's issues of the export that computed one, the reconcile's valued holdings.
    expect(year.flags.basisIssues).toEqual(expect.any(Number));
    expect(listed.find((one) => one.name === 'Quarter')?.flags.basisIssues).toBeNull();
    const quarter = listed.find((one) => one.name === 'Quarter') as Listed;
    const summary = (await call('keeper', 'GET', `/api/runs/${quarter.holdings?.runId ?? 0}`)).json<{
      kind: string;
      summary: Record<string, unknown>;
    }>();
    expect(summary).toMatchObject({ kind: 'reconcile', summary: { holdingsValue: quarter.holdings?.value, holdingsCurrency: 'USD' } });
    expect(Number(quarter.holdings?.value)).toBeGreaterThan(0);
    expect(year.holdings).toBeNull();
    // Staff see their books' figures alone.
    expect((await call('sam', 'GET', '/api/books')).json<Listed[]>().map((one) => one.name)).toEqual(['Year']);
  });

  it('follows a review changed after the list counted the book (its kept figures are counted again)', async () => {
    const year = async (): Promise<Listed> =>
      (await call('keeper', 'GET', '/api/books?name=year')).json<Listed[]>().find((one) => one.name === 'Year') as Listed;
    const before = await year();
    const period = `from=${before.period?.from ?? ''}&to=${before.period?.to ?? ''}`;
    const [entry] = (await call('keeper', 'GET', `/api/books/${before.id}/entries?limit=1&spam=false&review=unreviewed&${period}`)).json<{
      entries: { entry_id: string }[];
    }>().entries;
    expect(
      (await call('keeper', 'PUT', `/api/books/${before.id}/entries/${entry?.entry_id ?? ''}/review`, { status: 'flagged' })).status,
    ).toBe(200);
    expect((await year()).review).toEqual({
      ...before.review,
      unreviewed: before.review.unreviewed - 1,
      flagged: before.review.flagged + 1,
    });
    await call('keeper', 'PUT', `/api/books/${before.id}/entries/${entry?.entry_id ?? ''}/review`, { status: 'unreviewed' });
    expect((await year()).review).toEqual(before.review);
  });

  it('sorts by any column on the server, most to review first by default; an unknown column is refused naming the field', async () => {
    const names = async (query: string): Promise<string[]> =>
      (await call('keeper', 'GET', `/api/books${query}`)).json<Listed[]>().map((one) => one.name);
    expect(await names('')).toEqual(['Year', 'Quarter', 'Idle']);
    expect(await names('?sort=name')).toEqual(['Idle', 'Quarter', 'Year']);
    expect(await names('?sort=name&order=desc')).toEqual(['Year', 'Quarter', 'Idle']);
    expect(await names('?sort=review&order=asc')).toEqual(['Idle', 'Quarter', 'Year']);
    expect((await names('?sort=run')).at(-1)).toBe('Idle');
    expect((await names('?sort=missing_price'))[2]).toBe('Idle');
    expect((await names('?sort=holdings'))[0]).toBe('Quarter');
    expect((await names('?sort=basis_issues'))[0]).toBe('Year');
    const refused = await call('keeper', 'GET', '/api/books?sort=holdings_value');
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'sort' });

    const page = (await call('keeper', 'GET', '/?sort=name')).text;
    expect(page.indexOf('>Idle</a>')).toBeLessThan(page.indexOf('>Year</a>'));
    expect(page).toContain('aria-sort="ascending"><a href="/?sort=name&amp;order=desc" data-sort="name">Client ▲</a>');
    expect((await call('keeper', 'GET', '/?sort=nothing')).status).toBe(400);
    const listed = (await call('keeper', 'GET', '/api/books')).json<Listed[]>();
    const year = listed.find((one) => one.name === 'Year') as Listed;
    const front = (await call('keeper', 'GET', '/')).text;
    expect(front).toContain(
      `href="${year.links.toReview?.replace(/&/g, '&amp;') ?? ''}" data-figure="to-review" data-count="${year.review.unreviewed}"`,
    );
    if (year.flags.missingPrice > 0)
      expect(front).toContain(
        `data-figure="missing-price" data-count="${year.flags.missingPrice}">${year.flags.missingPrice} without a price`,
      );
  });
}

describeBothWays('the books list as a dashboard', world, dashboardSuite);

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { Decimal } from '../../src/ledger/money.js';
import type { Workspace } from '../../src/workspace/Workspace.js';
import { type ApiAnswer, apiCall } from '../support/apiCall.js';
import { e2eWorld } from '../support/e2eWorld.js';
import { csv } from '../support/pickLegs.js';
import { addUser, serve, type Served } from '../support/serverHarness.js';
import { worldBook } from '../support/workspaceHarness.js';
import { describeBothWays, type SuiteWorkspace } from '../support/workspaceBothWays.js';

interface Sums {
  proceeds: string;
  sellingCosts: string;
  costBasis: string;
  gain: string;
  unknown: number;
}
interface Gains {
  run: { id: number; period: { from: string; to: string }; method: string; scope: string };
  currency: string;
  totals: (Sums & { chainId: number; asset: string; assetContract: string; term: string; rows: number })[];
  all: Sums & { rows: number };
  disposals: (Sums & {
    entryId: string;
    txHash: string;
    asset: string;
    assetContract: string;
    chainId: number;
    term: string;
    flags: string[];
  })[];
  total: number;
  page: number;
  pages: number;
  issues: { entryId: string; issue: string; quantity: string; detail: string }[];
}
interface Trail {
  entryId: string;
  quantity: string;
  proceeds: string | null;
  costBasis: string | null;
  gain: string | null;
  pieces: {
    lotId: string | null;
    source: string;
    taken: string;
    costBasis: string | null;
    lot: { entryId: string; txHash: string; quantity: string; cost: string | null } | null;
  }[];
}

const world = e2eWorld();

const EXPORT = { kind: 'export', period: { year: 2025 }, templates: ['ledger'] };

/** The gains page's API on one backend: `open` gives a workspace and how a run of it is carried out. */
function gainsSuite(open: () => Promise<SuiteWorkspace>): void {
  let workspace: Workspace;
  let close: () => Promise<void>;
  let execute: (runId: number) => Promise<void>;
  let server: Served;
  let admin: string;
  let viewer: string;
  let bookId: number;
  const call = (token: string, method: string, route: string, body?: unknown): Promise<ApiAnswer> =>
    apiCall(server.url, method, route, { token }, body);
  const gains = async (query = ''): Promise<Gains> => {
    const answer = await call(viewer, 'GET', `/api/books/${bookId}/gains${query}`);
    expect([answer.status, answer.status === 200 ? '' : answer.text]).toEqual([200, '']);
    return answer.json<Gains>();
  };
  const runExport = async (): Promise<number> => {
    const started = await call(admin, 'POST', `/api/books/${bookId}/runs`, EXPORT);
    expect(started.status).toBe(202);
    const { id } = started.json<{ id: number }>();
    await execute(id);
    expect(await workspace.data.getRun(id)).toMatchObject({ status: 'succeeded', error: null });
    return id;
  };

  beforeAll(async () => {
    ({ workspace, execute, close } = await open());
    server = await serve(workspace);
    admin = await addUser(workspace, 'keeper', 'admin', 'keeper password 1');
    viewer = await addUser(workspace, 'reader', 'viewer', 'reader password 1');
    const added = await call(admin, 'POST', '/api/books', { ...worldBook(world), valuation: { currency: 'USD' } });
    expect(added.status).toBe(201);
    bookId = added.json<{ id: number }>().id;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await close?.();
  });

  it('keeps the book’s cost-basis settings with an audit entry naming old → new', async () => {
    expect((await call(viewer, 'GET', `/api/books/${bookId}/gains`)).status).toBe(404);
    const body = { ...worldBook(world), valuation: { currency: 'USD' } };
    const changes = [{ from: '2025-07-01', method: 'hifo' }];
    for (const costBasis of [{ method: 'fifo' }, { method: 'fifo', changes }, { method: 'fifo' }])
      expect((await call(admin, 'PATCH', `/api/books/${bookId}`, { ...body, costBasis })).status).toBe(200);
    expect((await call(viewer, 'PATCH', `/api/books/${bookId}`, { ...body, costBasis: { method: 'lifo' } })).status).toBe(403);
    const audited = await workspace.data.audit.newest({ book: bookId, action: 'book.cost_basis_changed' }, { limit: 5 });
    expect(audited.map((entry) => [entry.user, entry.before, entry.after])).toEqual([
      ['keeper', { method: 'fifo', changes }, { method: 'fifo' }],
      ['keeper', { method: 'fifo' }, { method: 'fifo', changes }],
      ['keeper', null, { method: 'fifo' }],
    ]);
  });

  it('lists the newest run’s gains: totals by asset and term equal to the manifest’s, the table’s filters, pages', async () => {
    const run = await runExport();
    const view = await gains();
    const manifest = JSON.parse(fs.readFileSync(path.join(workspace.stores.outDir(run), 'manifest.json'), 'utf8')) as {
      costBasis: { totals: { gain: string; shortTerm: string; longTerm: string } };
    };
    const rows = csv(path.join(workspace.stores.outDir(run), 'gains.csv'));
    expect(view.run).toEqual({ id: run, period: { from: '2025-01-01', to: '2025-12-31' }, method: 'fifo', scope: 'universal' });
    expect([view.all.rows, view.all.gain]).toEqual([rows.length, manifest.costBasis.totals.gain]);
    expect(view.total).toBe(new Set(rows.map((row) => row.entry_id)).size);
    // The lines by asset and term count every row; short and long are the manifest's split (summed exact, then rounded).
    expect(view.totals.reduce((total, line) => total + line.rows, 0)).toBe(rows.length);
    expect([(await gains('?term=short')).all.gain, (await gains('?term=long')).all.gain]).toEqual([
      manifest.costBasis.totals.shortTerm,
      manifest.costBasis.totals.longTerm,
    ]);
    // The transactions table's filters: an asset, a chain by name, a wallet, days.
    const first = view.disposals[0]!;
    const ofAsset = await gains(`?asset=${first.asset.toLowerCase()}&chain=${first.chainId}`);
    expect(ofAsset.disposals.every((line) => line.asset === first.asset && line.chainId === first.chainId)).toBe(true);
    expect(ofAsset.total).toBeLessThan(view.total);
    const march = await gains('?from=2025-03-01&to=2025-03-31');
    expect(march.total).toBe(new Set(rows.filter((row) => (row.sold_at ?? '').startsWith('2025-03')).map((row) => row.entry_id)).size);
    const bad = await call(viewer, 'GET', `/api/books/${bookId}/gains?chain=narnia`);
    expect([bad.status, bad.json<{ field: string }>().field]).toEqual([400, 'chain']);
    // Pages of 50 disposals, every one once.
    const pages = [view, ...(await Promise.all([...Array(view.pages - 1).keys()].map((index) => gains(`?page=${index + 2}`))))];
    const listed = pages.flatMap((page) => page.disposals.map((line) => line.entryId));
    expect([listed.length, new Set(listed).size, view.pages]).toEqual([view.total, view.total, Math.ceil(view.total / 50)]);
    expect(view.issues.length).toBe(csv(path.join(workspace.stores.outDir(run), 'costbasis-issues.csv')).length);
  }, 180_000);

  it('opens a disposal’s lot trail: each lot with its acquiring entry and cost = lot cost × taken ÷ lot quantity', async () => {
    const view = await gains();
    let found: Trail | undefined;
    for (const line of view.disposals) {
      const trail = (await call(viewer, 'GET', `/api/books/${bookId}/gains/${line.entryId}`)).json<Trail>();
      if (trail.pieces.some((piece) => piece.lot !== null && piece.taken !== piece.lot.quantity)) {
        found = trail;
        break;
      }
    }
    if (found === undefined) throw new Error('the world has no disposal taking part of a lot');
    const piece = found.pieces.find((one) => one.lot !== null && one.taken !== one.lot.quantity)!;
    const lot = piece.lot!;
    expect(piece.lotId).toBe(lot.entryId);
    const cost = new Decimal(lot.cost!).times(piece.taken).div(lot.quantity);
    expect(cost.minus(piece.costBasis!).abs().lte('0.01')).toBe(true);
    // The acquiring entry is a row of the transactions table, found by its transaction.
    const entries = (await call(viewer, 'GET', `/api/books/${bookId}/entries?q=${lot.txHash}&from=&to=`)).json<{
      entries: { entry_id: string }[];
    }>();
    expect(entries.entries.map((entry) => entry.entry_id)).toContain(lot.entryId);
    expect((await call(viewer, 'GET', `/api/books/${bookId}/gains/x0000000000000000`)).status).toBe(404);
    // The pages: a viewer reads the gains, the worklist without its fixes, and the trail; an admin gets the fixes.
    const [page, adminPage] = [await call(viewer, 'GET', `/books/${bookId}/gains`), await call(admin, 'GET', `/books/${bookId}/gains`)];
    expect([page.status, page.text.includes('Totals by asset and term'), page.text.includes('data-form="rule"')]).toEqual([
      200,
      true,
      false,
    ]);
    expect(adminPage.text.includes('data-form="rule"')).toBe(true);
    const trailPage = await call(viewer, 'GET', `/books/${bookId}/gains/${found.entryId}`);
    expect([trailPage.status, trailPage.text.includes(`data-entry-link="${lot.entryId}"`)]).toEqual([200, true]);
    expect((await call(viewer, 'GET', `/books/${bookId}/gains?chain=narnia`)).status).toBe(400);
  });

  it('keeps opening lots with the book, audited, and the next run reads them', async () => {
    const lots = `/api/books/${bookId}/opening-lots`;
    const lot = {
      chain: 1,
      asset: 'ETH',
      lotId: 'cex-2023',
      acquiredAt: '2023-01-15T12:00:00Z',
      quantity: '1000',
      cost: '1500000',
      decimals: 18,
    };
    expect((await call(viewer, 'POST', lots, lot)).status).toBe(403);
    const wallet = world.wallets[0]!.address;
    const refused = await call(admin, 'POST', lots, { ...lot, wallet });
    expect([refused.status, refused.json()]).toEqual([
      400,
      { error: expect.stringMatching(/^opening lot: wallet .* is given but the scope is universal/), field: 'wallet' },
    ]);
    expect((await call(admin, 'POST', lots, { ...lot, chain: 99999 })).json()).toMatchObject({ field: 'chain' });
    const added = await call(admin, 'POST', lots, lot);
    expect(added.status).toBe(201);
    expect((await call(admin, 'POST', lots, lot)).json()).toMatchObject({
      error: expect.stringContaining('lot_id "cex-2023" is also on line'),
      field: 'lotId',
    });
    const { id } = added.json<{ id: number }>();
    expect((await call(viewer, 'GET', lots)).json()).toEqual([
      {
        id,
        wallet: '',
        chainId: 1,
        asset: 'ETH',
        assetContract: '',
        lotId: 'cex-2023',
        acquiredAt: lot.acquiredAt,
        quantity: '1000',
        cost: '1500000',
        decimals: 18,
        author: 'keeper',
        created: expect.any(String),
      },
    ]);
    const [audited] = await workspace.data.audit.newest({ book: bookId, action: 'lot.added' }, { limit: 1 });
    expect(audited).toMatchObject({ user: 'keeper', target: `opening lot ${id}`, after: { lotId: 'cex-2023' } });

    // The next run's job names the lots file beside it, and the replay holds the lot: what is left of it is open at the end.
    const run = await runExport();
    const job = JSON.parse(fs.readFileSync(path.join(workspace.stores.runDir(run), 'job.json'), 'utf8')) as { costBasis: unknown };
    expect(job.costBasis).toEqual({ method: 'fifo', openingLots: 'book-opening-lots.csv' });
    expect(fs.readFileSync(path.join(workspace.stores.runDir(run), 'book-opening-lots.csv'), 'utf8')).toContain('"cex-2023"');
    expect(csv(path.join(workspace.stores.outDir(run), 'lots-open.csv')).filter((row) => row.lot_id === 'cex-2023')).toHaveLength(1);
    const after = await gains();
    expect(after.run.id).toBe(run);

    expect((await call(viewer, 'DELETE', `${lots}/${id}`)).status).toBe(403);
    expect((await call(admin, 'DELETE', `${lots}/${id}`)).status).toBe(200);
    expect((await call(admin, 'DELETE', `${lots}/${id}`)).status).toBe(404);
    const [removed] = await workspace.data.audit.newest({ book: bookId, action: 'lot.removed' }, { limit: 1 });
    expect(removed).toMatchObject({ target: `opening lot ${id}`, before: { lotId: 'cex-2023' } });
    expect((await call(viewer, 'GET', lots)).json()).toEqual([]);
  }, 180_000);
}

describeBothWays('the gains page’s API', world, gainsSuite);

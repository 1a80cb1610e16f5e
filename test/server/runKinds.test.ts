import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify from 'fastify';
import { runRequestSchema } from '../../src/runs/runRequestSchema.js';
import { validateRunRequest } from '../../src/runs/validateRunRequest.js';
import type { Workspace } from '../../src/workspace/Workspace.js';
import { e2eWorld } from '../support/e2eWorld.js';
import { openWorkspace, tempDir, worldBook } from '../support/workspaceHarness.js';
import { addUser, serve, type Served } from '../support/serverHarness.js';

const world = e2eWorld();
const NO_API = { url: 'http://127.0.0.1:9/v2/api', apiKey: 'unused-key' };
let dataDir: string;
let workspace: Workspace;
let server: Served;
let token: string;
let bookId: number;

async function put(route: string, body: unknown): Promise<{ status: number; json: { error?: string; field?: string } }> {
  const response = await fetch(`${server.url}${route}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as { error?: string; field?: string } };
}

beforeAll(async () => {
  dataDir = tempDir('run-kinds');
  workspace = openWorkspace(dataDir, NO_API, { now: () => new Date('2026-06-01T12:00:00Z') });
  server = await serve(workspace);
  token = await addUser(workspace, 'admin', 'admin', 'correct horse battery');
  bookId = (await workspace.addBook(worldBook(world))).id;
});

afterAll(async () => {
  await server.close();
  await workspace.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('schedules are validated exactly as the runs they queue', () => {
  it.each([
    [[{ kind: 'export', cron: '0 3 * * *', templates: ['nosuch'] }], /^schedules\[0\]/, /nosuch/],
    [
      [
        { kind: 'reconcile', cron: '0 3 * * *' },
        { kind: 'sync', cron: '0 4 * * *', templates: ['nosuch'] },
      ],
      /^schedules\[1\]/,
      /nosuch/,
    ],
    [[{ kind: 'nosuch', cron: '0 3 * * *' }], /^schedules\[0\]\.kind$/, /kind must be one of export, sync, reconcile/],
    [[{ kind: 'export', cron: '0 3 * * *' }], /^schedules\[0\]\.templates$/, /at least one template/],
  ])('refuses %j with 400 naming the field, and keeps the schedules it had', async (body, field, message) => {
    const before = await workspace.data.schedules(bookId);
    const refused = await put(`/api/books/${bookId}/schedules`, body);
    expect(refused.status).toBe(400);
    expect(refused.json.field).toMatch(field);
    expect(refused.json.error).toMatch(message);
    expect(await workspace.data.schedules(bookId)).toEqual(before);
  });

  it('accepts what a run accepts', async () => {
    const saved = await put(`/api/books/${bookId}/schedules`, [
      { kind: 'export', cron: '0 3 * * *', templates: ['ledger'] },
      { kind: 'reconcile', cron: '30 2 * * *' },
    ]);
    expect(saved.status).toBe(200);
    expect((await workspace.data.schedules(bookId)).map((schedule) => [schedule.kind, schedule.templates])).toEqual([
      ['export', ['ledger']],
      ['reconcile', []],
    ]);
  });
});

describe('runRequestSchema as a Fastify route schema', () => {
  it("takes each kind's own options as its module declares them, and refuses what validateRunRequest refuses", async () => {
    const app = Fastify();
    app.post('/runs', { schema: { body: runRequestSchema } }, async () => ({ ok: true }));
    const status = async (body: unknown): Promise<number> =>
      (await app.inject({ method: 'POST', url: '/runs', payload: body as object })).statusCode;
    try {
      expect(await status({ kind: 'export', period: { year: 2025 }, templates: ['ledger'] })).toBe(200);
      expect(await status({ kind: 'diff', label: '2025', verify: false })).toBe(200);
      expect(await status({ kind: 'balances', at: '2025-12-31', check: false })).toBe(200);
      expect(await status({ kind: 'reconcile', historical: false })).toBe(200);
      expect(await status({ kind: 'nosuch' })).toBe(400);
      expect(await status({ kind: 'diff' })).toBe(400);
      expect(await status({ kind: 'diff', label: '../2025' })).toBe(400);
      expect(await status({ kind: 'balances' })).toBe(400);
      expect(await status({ kind: 'export', templates: [{ name: 'ledger' }] })).toBe(400);
    } finally {
      await app.close();
    }
  });

  it("keeps only the kind's own options and the common fields, as validateRunRequest does, so the body is a RunRequest", async () => {
    const app = Fastify();
    app.post('/runs', { schema: { body: runRequestSchema } }, async (request) => request.body);
    try {
      const body = { kind: 'diff', label: '2025', at: '2025-12-31', period: { year: 2025 }, templates: ['ledger'], stray: 1 };
      const kept = await app.inject({ method: 'POST', url: '/runs', payload: body });
      expect(kept.json()).toEqual({ kind: 'diff', label: '2025', period: { year: 2025 }, templates: ['ledger'] });
      expect(kept.json()).toEqual(validateRunRequest(body));
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/run-kinds', () => {
  it('lists each kind with what its request takes, from the registry, for the pages’ run forms', async () => {
    const response = await fetch(`${server.url}/api/run-kinds`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const kinds = (await response.json()) as { name: string; period: boolean; templates: boolean; options: Record<string, unknown> }[];
    expect(kinds.map((kind) => kind.name)).toEqual(['export', 'sync', 'reconcile', 'close', 'diff', 'balances', 'report']);
    const byName = new Map(kinds.map((kind) => [kind.name, kind]));
    expect(byName.get('export')).toMatchObject({ period: true, templates: true, options: {} });
    expect(byName.get('reconcile')).toMatchObject({
      period: true,
      templates: false,
      options: { historical: { type: 'boolean', default: true } },
    });
    // A diff's period and templates come from its closed period; `filed` is the command line's only.
    expect(byName.get('diff')).toMatchObject({ period: false, templates: false, options: { label: { type: 'string', required: true } } });
    expect(Object.keys(byName.get('diff')?.options ?? {})).toEqual(['label', 'verify']);
    expect(byName.get('balances')).toMatchObject({
      period: false,
      templates: false,
      options: { at: { required: true }, check: { type: 'boolean' } },
    });
    // The client's name is the book's in the workspace: `--client` is the command line's only.
    expect(byName.get('report')).toMatchObject({ period: true, templates: true, options: {} });
    expect((await fetch(`${server.url}/api/run-kinds`)).status).toBe(401);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Sandbox, startSandbox } from '../../src/sandbox/startSandbox.js';
import type { Workspace } from '../../src/workspace/Workspace.js';
import { e2eWorld } from '../support/e2eWorld.js';
import { usePrivateFiles } from '../../src/workspace/usePrivateFiles.js';
import { openWorkspace, tempDir, worldBook } from '../support/workspaceHarness.js';
import type { Served } from '../support/serverHarness.js';
import { addUser, serve } from '../support/serverHarness.js';

const world = e2eWorld();
let sandbox: Sandbox;
let workspace: Workspace;
let server: Served;
let dataDir: string;
let admin: string;
let viewer: string;

async function call(method: string, route: string, body?: unknown): Promise<{ status: number; json: () => unknown }> {
  const response = await fetch(`${server.url}${route}`, {
    method,
    headers: { authorization: `Bearer ${admin}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: () => JSON.parse(text) as unknown };
}

async function runToEnd(bookId: number, body: unknown): Promise<number> {
  const started = await call('POST', `/api/books/${bookId}/runs`, body);
  expect(started.status).toBe(202);
  await workspace.queue.idle();
  return (started.json() as { id: number }).id;
}

const names = async (query = ''): Promise<string[]> => ((await call('GET', `/api/books${query}`)).json() as { name: string }[]).map((book) => book.name);

let previousUmask = 0o022;

beforeAll(async () => {
  sandbox = await startSandbox({ world, rate: 1000 });
  // As `serve` and `worker` do before they open anything; put back after, for the suites that share this process.
  previousUmask = usePrivateFiles();
  dataDir = tempDir('archive');
  workspace = openWorkspace(dataDir, sandbox, { now: () => new Date('2026-06-01T02:00:00Z') }, 1000);
  await workspace.start({ scheduler: false });
  server = await serve(workspace);
  admin = await addUser(workspace, 'keeper', 'admin', 'keeper password 1');
  viewer = await addUser(workspace, 'reader', 'viewer', 'reader password 1');
});

/** What a viewer gets for a route: only the status. */
const asViewer = async (route: string): Promise<number> => (await fetch(`${server.url}${route}`, { headers: { authorization: `Bearer ${viewer}` }, redirect: 'manual' })).status;

afterAll(async () => {
  process.umask(previousUmask);
  await server.close();
  await workspace.close();
  await sandbox.close();
  for (const [dir] of walk(dataDir).filter(([, stat]) => stat.isDirectory())) fs.chmodSync(dir, 0o700);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function walk(dir: string): [string, fs.Stats][] {
  return fs.readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    const stat = fs.statSync(full);
    return [[full, stat] as [string, fs.Stats], ...(stat.isDirectory() ? walk(full) : [])];
  });
}

describe('removing a book', () => {
  it('archives a book with a closed period: filed files and runs kept, hidden from the list, restorable', async () => {
    const bookId = (await workspace.addBook(worldBook(world, 'Filed client'))).id;
    const closeId = await runToEnd(bookId, { kind: 'close', period: { year: 2025 }, templates: ['ledger'] });
    const filed = path.join(dataDir, 'books', String(bookId), 'filed', '2025', 'ledger.csv');
    const before = fs.readFileSync(filed, 'utf8');

    // Nothing the run, the close or the workspace wrote is readable by others (the filed folder is read-only by design).
    const open = walk(dataDir).filter(([, stat]) => (stat.mode & 0o077) !== 0).map(([file, stat]) => `${file} ${(stat.mode & 0o777).toString(8)}`);
    expect(open).toEqual([]);
    expect(walk(dataDir).map(([file]) => path.basename(file))).toEqual(expect.arrayContaining(['workspace.db', 'ledger.csv', 'filed.json', 'job.json']));

    const removed = await call('DELETE', `/api/books/${bookId}`);
    expect([removed.status, removed.json()]).toEqual([200, { ok: true, outcome: 'archived' }]);
    expect(fs.readFileSync(filed, 'utf8')).toBe(before);
    expect(await names()).not.toContain('Filed client');
    expect(await names('?archived=true')).toEqual(['Filed client']);
    const download = await fetch(`${server.url}/api/runs/${closeId}/files/ledger.csv`, { headers: { authorization: `Bearer ${admin}` } });
    expect([download.status, await download.text()]).toEqual([200, before]);
    // Kept for the admins: a viewer finds neither the book nor its runs, whichever route names them.
    const routes = [`/api/books/${bookId}`, `/api/books/${bookId}/runs`, `/api/books/${bookId}/entries`, `/api/books/${bookId}/rules`, `/books/${bookId}`, `/books/${bookId}/summary`, `/api/runs/${closeId}`, `/api/runs/${closeId}/files/ledger.csv`, `/runs/${closeId}`];
    expect(await Promise.all(routes.map(asViewer))).toEqual(routes.map(() => 404));
    expect((await fetch(`${server.url}/api/books?archived=true`, { headers: { authorization: `Bearer ${viewer}` } }).then((answer) => answer.json()))).toEqual([]);
    const refused = await call('POST', `/api/books/${bookId}/runs`, { kind: 'export', period: { year: 2025 }, templates: ['ledger'] });
    expect([refused.status, (refused.json() as { error: string }).error]).toEqual([400, expect.stringMatching(/archived/)]);

    expect((await call('POST', `/api/books/${bookId}/restore`)).status).toBe(200);
    expect(await names()).toContain('Filed client');
    expect(await Promise.all(routes.map(asViewer))).toEqual(routes.map(() => 200));
  });

  it('deletes a book without closed periods together with its run folders', async () => {
    const bookId = (await workspace.addBook(worldBook(world, 'Passing client'))).id;
    const runId = await runToEnd(bookId, { kind: 'export', period: { year: 2025 }, templates: ['ledger'] });
    expect(fs.existsSync(path.join(dataDir, 'runs', String(runId), 'files'))).toBe(true);

    const removed = await call('DELETE', `/api/books/${bookId}`);
    expect([removed.status, removed.json()]).toEqual([200, { ok: true, outcome: 'deleted' }]);
    expect(fs.existsSync(path.join(dataDir, 'runs', String(runId)))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'books', String(bookId)))).toBe(false);
    expect(await names('?archived=true')).not.toContain('Passing client');
  });
});

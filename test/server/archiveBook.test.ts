import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { usePrivateFiles } from '../../src/workspace/usePrivateFiles.js';
import type { ApiAnswer } from '../support/apiCall.js';
import { e2eWorld } from '../support/e2eWorld.js';
import { servedWorkspace } from '../support/servedWorkspace.js';
import { worldBook } from '../support/workspaceHarness.js';

const world = e2eWorld();
let previousUmask = 0o022;

// As `serve` and `worker` do before they open anything; put back after, for the suites that share this process.
beforeAll(() => {
  previousUmask = usePrivateFiles();
});
afterAll(() => {
  process.umask(previousUmask);
});

const served = servedWorkspace('archive', {
  world,
  users: [
    { name: 'keeper', role: 'admin', password: 'keeper password 1' },
    { name: 'reader', role: 'viewer', password: 'reader password 1' },
  ],
});

/** As the admin. */
const call = (method: string, route: string, body?: unknown): Promise<ApiAnswer> => served.call(method, route, served.tokens.keeper!, body);

const names = async (query = ''): Promise<string[]> =>
  (await call('GET', `/api/books${query}`)).json<{ name: string }[]>().map((book) => book.name);

/** What a viewer gets for a route: only the status. */
const asViewer = async (route: string): Promise<number> => (await served.call('GET', route, served.tokens.reader!)).status;

function walk(dir: string): [string, fs.Stats][] {
  return fs.readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    const stat = fs.statSync(full);
    return [[full, stat] as [string, fs.Stats], ...(stat.isDirectory() ? walk(full) : [])];
  });
}

describe('removing a book', () => {
  it('archives a book with a closed period: filed files and runs kept, hidden from the list, restorable', async () => {
    const bookId = (await served.workspace.addBook(worldBook(world, 'Filed client'))).id;
    const closeId = await served.runToEnd({ kind: 'close', period: { year: 2025 }, templates: ['ledger'] }, served.tokens.keeper!, bookId);
    const filed = path.join(served.dataDir, 'books', String(bookId), 'filed', '2025', 'ledger.csv');
    const before = fs.readFileSync(filed, 'utf8');

    // Nothing the run, the close or the workspace wrote is readable by others (the filed folder is read-only by design).
    const open = walk(served.dataDir)
      .filter(([, stat]) => (stat.mode & 0o077) !== 0)
      .map(([file, stat]) => `${file} ${(stat.mode & 0o777).toString(8)}`);
    expect(open).toEqual([]);
    expect(walk(served.dataDir).map(([file]) => path.basename(file))).toEqual(
      expect.arrayContaining(['workspace.db', 'ledger.csv', 'filed.json', 'job.json']),
    );

    const removed = await call('DELETE', `/api/books/${bookId}`);
    expect([removed.status, removed.json()]).toEqual([200, { ok: true, outcome: 'archived' }]);
    expect(fs.readFileSync(filed, 'utf8')).toBe(before);
    expect(await names()).not.toContain('Filed client');
    expect(await names('?archived=true')).toEqual(['Filed client']);
    const download = await fetch(`${served.server.url}/api/runs/${closeId}/files/ledger.csv`, {
      headers: { authorization: `Bearer ${served.tokens.keeper!}` },
    });
    expect([download.status, await download.text()]).toEqual([200, before]);
    // Kept for the admins: a viewer finds neither the book nor its runs, whichever route names them.
    const routes = [
      `/api/books/${bookId}`,
      `/api/books/${bookId}/runs`,
      `/api/books/${bookId}/entries`,
      `/api/books/${bookId}/rules`,
      `/books/${bookId}`,
      `/books/${bookId}/summary`,
      `/api/runs/${closeId}`,
      `/api/runs/${closeId}/files/ledger.csv`,
      `/runs/${closeId}`,
    ];
    expect(await Promise.all(routes.map(asViewer))).toEqual(routes.map(() => 404));
    expect(
      await fetch(`${served.server.url}/api/books?archived=true`, { headers: { authorization: `Bearer ${served.tokens.reader!}` } }).then(
        (answer) => answer.json(),
      ),
    ).toEqual([]);
    const refused = await call('POST', `/api/books/${bookId}/runs`, { kind: 'export', period: { year: 2025 }, templates: ['ledger'] });
    expect([refused.status, (refused.json() as { error: string }).error]).toEqual([400, expect.stringMatching(/archived/)]);

    expect((await call('POST', `/api/books/${bookId}/restore`)).status).toBe(200);
    expect(await names()).toContain('Filed client');
    expect(await Promise.all(routes.map(asViewer))).toEqual(routes.map(() => 200));
  });

  it('deletes a book without closed periods together with its run folders', async () => {
    const bookId = (await served.workspace.addBook(worldBook(world, 'Passing client'))).id;
    const runId = await served.runToEnd({ kind: 'export', period: { year: 2025 }, templates: ['ledger'] }, served.tokens.keeper!, bookId);
    expect(fs.existsSync(path.join(served.dataDir, 'runs', String(runId), 'files'))).toBe(true);

    const removed = await call('DELETE', `/api/books/${bookId}`);
    expect([removed.status, removed.json()]).toEqual([200, { ok: true, outcome: 'deleted' }]);
    expect(fs.existsSync(path.join(served.dataDir, 'runs', String(runId)))).toBe(false);
    expect(fs.existsSync(path.join(served.dataDir, 'books', String(bookId)))).toBe(false);
    expect(await names('?archived=true')).not.toContain('Passing client');
  });
});

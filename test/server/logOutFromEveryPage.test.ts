import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Workspace } from '../../src/workspace/Workspace.js';
import { apiCall } from '../support/apiCall.js';
import type { Served } from '../support/serverHarness.js';
import { addUser, login, serve } from '../support/serverHarness.js';
import { openWorkspace, tempDir } from '../support/workspaceHarness.js';

let dataDir: string;
let workspace: Workspace;
let server: Served;
let bookId: number;

beforeAll(async () => {
  dataDir = tempDir('log-out');
  // No run here: the API is never called.
  workspace = openWorkspace(dataDir, { url: 'http://127.0.0.1:9', apiKey: 'unused' });
  server = await serve(workspace);
  await addUser(workspace, 'ada', 'admin', 'ada password 1');
  bookId = (await workspace.addBook({ name: 'Client', wallets: [{ address: '0x1111111111111111111111111111111111111111' }], chains: [1] }))
    .id;
});

afterAll(async () => {
  await server?.close();
  await workspace?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('Log out', () => {
  // Each page's "Log out" sends DELETE /api/session with the token of the page's meta tag; a page without one
  // (the summary and the chart were) left the session alive on the server while the browser went to /login.
  it.each(['/', `/books/BOOK`, '/books/BOOK/summary', '/books/BOOK/chart', '/account', '/users', '/audit'])(
    'ends the session from %s',
    async (route) => {
      const session = await login(server.url, 'ada', 'ada password 1');
      const page = await apiCall(server.url, 'GET', route.replace('BOOK', String(bookId)), { ...session, csrfToken: '' });
      expect(page.status).toBe(200);
      const csrfToken = /<meta name="csrf-token" content="([^"]+)">/.exec(page.text)?.[1];
      expect(csrfToken).toEqual(expect.any(String));
      const out = await apiCall(server.url, 'DELETE', '/api/session', { cookie: session.cookie, csrfToken: csrfToken ?? '' });
      expect(out.status).toBe(200);
      expect((await apiCall(server.url, 'GET', '/api/books', session)).status).toBe(401);
    },
  );
});

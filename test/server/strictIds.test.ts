import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Workspace } from '../../src/workspace/Workspace.js';
import { openWorkspace, tempDir } from '../support/workspaceHarness.js';
import type { Served } from '../support/serverHarness.js';
import { addUser, serve } from '../support/serverHarness.js';

const BOOK = { name: 'Ids', wallets: [{ address: '0x00000000000000000000000000000000000000a1' }], chains: [1], timezone: 'UTC' };
let workspace: Workspace;
let server: Served;
let token: string;

beforeAll(async () => {
  // Nothing runs: the queue is never started, the runs stay queued, no API is called.
  workspace = openWorkspace(tempDir('ids'), { url: 'http://127.0.0.1:9', apiKey: 'IDSKEY' });
  server = await serve(workspace);
  token = await addUser(workspace, 'admin', 'admin', 'admin password 1');
  const book = await workspace.addBook(BOOK);
  await workspace.startRun(book.id, { kind: 'sync' });
  await workspace.startRun(book.id, { kind: 'sync' });
});

afterAll(async () => {
  await server.close();
  await workspace.close();
});

const get = async (route: string): Promise<{ status: number; text: string }> => {
  const response = await fetch(`${server.url}${route}`, { headers: { authorization: `Bearer ${token}` }, redirect: 'manual' });
  return { status: response.status, text: await response.text() };
};

describe('an id in an address', () => {
  it('is a positive integer in decimal: 0x2, 1e0, "  2", 02, 2.0, +2, -2 and 0 reach no run or book (400 or 404)', async () => {
    expect((await get('/api/runs/2')).status).toBe(200);
    expect((await get('/api/books/1')).status).toBe(200);
    for (const id of ['0x2', '1e0', '2e0', '%20%202', '%202', '2%20', '02', '2.0', '+2', '-2', '0', '0b10', '99999999999999999999']) {
      for (const route of [
        `/api/runs/${id}`,
        `/api/runs/${id}/files`,
        `/api/books/${id}`,
        `/api/books/${id}/runs`,
        `/runs/${id}`,
        `/books/${id}`,
      ]) {
        const { status, text } = await get(route);
        expect([route, status === 400 || status === 404]).toEqual([route, true]);
        expect(text).not.toMatch(/"id":\s*[12]\b/);
      }
    }
    expect(JSON.parse((await get('/api/runs/0x2')).text)).toEqual({ error: expect.stringMatching(/^id must/), field: 'id' });
  });

  it('refuses a body that does not match its schema with the field named (400), before any change', async () => {
    const response = await fetch(`${server.url}/api/runs/2/shares`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ days: 'many' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.stringMatching(/^days must be integer/), field: 'days' });
  });
});

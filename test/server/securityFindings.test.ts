import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { filesDirOf } from '../../src/workspace/runFiles.js';
import type { Workspace } from '../../src/workspace/Workspace.js';
import { openWorkspace, tempDir } from '../support/workspaceHarness.js';
import type { Served } from '../support/serverHarness.js';
import { addUser, serve } from '../support/serverHarness.js';

const BOOK = { name: 'Findings', wallets: [{ address: '0x00000000000000000000000000000000000000b2' }], chains: [1], timezone: 'UTC' };
let workspace: Workspace;
let server: Served;
let adminToken: string;
let runId: number;

/** A request with any Host header (fetch would not send a forged one). */
function rawRequest(
  url: string,
  options: { method: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method, headers: options.headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

const loginAt = (url: string, user: string, password: string, address = '127.0.0.1') =>
  fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ user, password }),
  });

beforeAll(async () => {
  // Nothing runs (the queue is never started): one run is given a finished state and a file on disk.
  workspace = openWorkspace(tempDir('findings'), { url: 'http://127.0.0.1:9', apiKey: 'FINDKEY' });
  server = await serve(workspace, undefined, { loginAttemptsPerMinute: 1000 });
  adminToken = await addUser(workspace, 'admin', 'admin', 'admin password 1');
  const run = await workspace.startRun((await workspace.addBook(BOOK)).id, { kind: 'sync' });
  runId = run?.id ?? 0;
  await workspace.data.updateRun(runId, { status: 'succeeded', files: [{ name: 'ledger.csv', bytes: 4, sha256: 'x' }] });
  const dir = filesDirOf(workspace.stores, (await workspace.data.getRun(runId)) ?? (run as never));
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'ledger.csv'), 'a,b\n');
});

afterAll(async () => {
  await server.close();
  await workspace.close();
});

describe('security findings', () => {
  it('13: a wrong password and an unknown user take about the same time (no user enumeration by timing)', async () => {
    const timed = async (user: string): Promise<number> => {
      const start = performance.now();
      expect((await loginAt(server.url, user, 'not the password')).status).toBe(401);
      return performance.now() - start;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 7; round += 1) {
      known.push(await timed('admin'));
      unknown.push(await timed(`nobody-${round}`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[3] ?? 0;
    // Both derive one scrypt key (tens of ms); without the dummy hash an unknown name answers in a few ms.
    expect(median(unknown)).toBeGreaterThan(median(known) / 3);
    expect(median(known)).toBeGreaterThan(median(unknown) / 3);
  });

  it('14: a share link is never built from the Host header: a path without --public-url, else that origin', async () => {
    const forged = await rawRequest(`${server.url}/api/runs/${runId}/shares`, {
      method: 'POST',
      headers: { host: 'evil.example', authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ days: 1 }),
    });
    expect(forged.status).toBe(201);
    expect((JSON.parse(forged.body) as { url: string }).url).toMatch(/^\/s\/[A-Za-z0-9_-]{43}$/);
    const configured = await serve(workspace, undefined, { publicUrl: 'https://books.firm.example/' });
    try {
      const response = await rawRequest(`${configured.url}/api/runs/${runId}/shares`, {
        method: 'POST',
        headers: { host: 'evil.example', authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect((JSON.parse(response.body) as { url: string }).url).toMatch(/^https:\/\/books\.firm\.example\/s\/[A-Za-z0-9_-]{43}$/);
    } finally {
      await configured.close();
    }
  });

  it('15: /api/health without login says only that it is up; a user sees the queue and the version', async () => {
    expect(await (await fetch(`${server.url}/api/health`)).json()).toEqual({ ok: true });
    expect(await (await fetch(`${server.url}/api/health`, { headers: { authorization: `Bearer ${adminToken}` } })).json()).toMatchObject({
      ok: true,
      queue: expect.any(Object),
      version: expect.any(String),
    });
  });

  it('16: API JSON, downloads, archive.zip, share pages and their downloads are Cache-Control: no-store', async () => {
    const created = (await (
      await fetch(`${server.url}/api/runs/${runId}/shares`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: '{}',
      })
    ).json()) as { url: string };
    const routes = [
      '/api/books',
      `/api/runs/${runId}`,
      `/api/runs/${runId}/files`,
      `/api/runs/${runId}/files/ledger.csv`,
      `/api/runs/${runId}/archive.zip`,
      created.url,
      `${created.url}/files/ledger.csv`,
      `${created.url}/archive.zip`,
    ];
    for (const route of routes) {
      const response = await fetch(`${server.url}${route}`, { headers: { authorization: `Bearer ${adminToken}` } });
      await response.arrayBuffer();
      expect([route, response.status, response.headers.get('cache-control')]).toEqual([route, 200, 'no-store']);
    }
  });

  it('18: failed logins are counted per account and per address, a success resets, successes never lock an office out', async () => {
    const limited = await serve(workspace, undefined, { trustProxy: true, loginAttemptsPerMinute: 3 });
    try {
      await addUser(workspace, 'clerk', 'viewer', 'clerk password 1');
      // One office behind one address: many successful logins.
      for (let attempt = 0; attempt < 6; attempt += 1)
        expect((await loginAt(limited.url, 'clerk', 'clerk password 1', '10.0.0.1')).status).toBe(200);
      // A success resets: two failures, a success, two failures, a success.
      for (const password of ['no', 'no', 'clerk password 1', 'no', 'no', 'clerk password 1'])
        await loginAt(limited.url, 'clerk', password, '10.0.0.2');
      expect((await loginAt(limited.url, 'clerk', 'clerk password 1', '10.0.0.2')).status).toBe(200);
      // Guessing one account from three addresses: the account waits, from any address.
      for (const address of ['10.0.1.1', '10.0.1.2', '10.0.1.3'])
        expect((await loginAt(limited.url, 'admin', 'guess', address)).status).toBe(401);
      const blocked = await loginAt(limited.url, 'admin', 'admin password 1', '10.0.1.4');
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      // Guessing three accounts from one address: the address waits, for any account.
      for (const user of ['a1', 'a2', 'a3']) expect((await loginAt(limited.url, user, 'guess', '10.0.2.1')).status).toBe(401);
      expect((await loginAt(limited.url, 'clerk', 'clerk password 1', '10.0.2.1')).status).toBe(429);
      expect((await loginAt(limited.url, 'clerk', 'clerk password 1', '10.0.2.2')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('21: logout clears ls_session with the attributes it was set with, and clears _csrf', async () => {
    const login = await loginAt(server.url, 'admin', 'admin password 1');
    const set = login.headers.getSetCookie();
    const cookie = set.map((line) => line.split(';')[0]).join('; ');
    const { csrfToken } = (await login.json()) as { csrfToken: string };
    const logout = await fetch(`${server.url}/api/session`, { method: 'DELETE', headers: { cookie, 'x-csrf-token': csrfToken } });
    expect(logout.status).toBe(200);
    const cleared = logout.headers.getSetCookie();
    const attributes = (line: string | undefined) =>
      (line ?? '')
        .split('; ')
        .slice(1)
        .filter((part) => !/^(Max-Age|Expires)=/.test(part))
        .sort();
    for (const name of ['ls_session', '_csrf']) {
      const was = set.find((line) => line.startsWith(`${name}=`));
      const now = cleared.find((line) => line.startsWith(`${name}=;`));
      expect([name, now]).toEqual([name, expect.stringMatching(/Expires=Thu, 01 Jan 1970/)]);
      expect([name, attributes(now)]).toEqual([name, attributes(was)]);
    }
  });

  it('19: the error of a failed run shows no server path, on the API or the page', async () => {
    const failed = await workspace.startRun((await workspace.addBook({ ...BOOK, name: 'Failing' })).id, { kind: 'sync' });
    const dataDir = path.dirname(workspace.stores.outDir(failed?.id ?? 0));
    await workspace.data.updateRun(failed?.id ?? 0, {
      status: 'failed',
      error: `job.json is not a job (file: ${dataDir}/runs/9/job.json; fix: see https://example.org/a/b)`,
    });
    const shown = (await (
      await fetch(`${server.url}/api/runs/${failed?.id}`, { headers: { authorization: `Bearer ${adminToken}` } })
    ).json()) as { error: string };
    expect(shown.error).toBe('job.json is not a job (file: job.json; fix: see https://example.org/a/b)');
    const login = await loginAt(server.url, 'admin', 'admin password 1');
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const page = await (await fetch(`${server.url}/runs/${failed?.id}`, { headers: { cookie } })).text();
    expect(page).toContain('(file: job.json;');
    expect(page).not.toContain(dataDir);
  });
});

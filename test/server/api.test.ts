import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import type { Workspace } from '../../src/workspace/Workspace.js';
import { E2E_RATE, e2eWorld } from '../support/e2eWorld.js';
import { openWorkspace, tempDir, worldBook } from '../support/workspaceHarness.js';
import type { Served } from '../support/serverHarness.js';
import { addUser, login, serve } from '../support/serverHarness.js';

const KEY = 'WSKEY-9f8e7d6c5b4a39281706';
/** A wallet label the pipeline carries into the reconcile report, as a chain-supplied token name would be. */
const HOSTILE_LABEL = '=HYPERLINK("https://claim.example","Claim")<img src=x onerror=alert(2)>';
const ESCAPED_LABEL = '=HYPERLINK(&quot;https://claim.example&quot;,&quot;Claim&quot;)&lt;img src=x onerror=alert(2)&gt;';
const world = e2eWorld();
let sandbox: Sandbox;
let workspace: Workspace;
let server: Served;
let dataDir: string;
let clock = new Date();
let adminToken: string;
let viewerToken: string;
let exportRunId: number;
let reconcileRunId: number;
const serverLog: string[] = [];
/** Every body the server sent in this file, to grep for the key at the end. */
const bodies: string[] = [];

async function call(
  method: string,
  route: string,
  options: { token?: string; cookie?: string; csrf?: string; body?: unknown } = {},
): Promise<{ status: number; text: string; json: () => unknown }> {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie !== undefined) headers.cookie = options.cookie;
  if (options.csrf !== undefined) headers['x-csrf-token'] = options.csrf;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}${route}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  bodies.push(text, JSON.stringify([...response.headers]));
  return { status: response.status, text, json: () => JSON.parse(text) as unknown };
}

async function finished(runId: number): Promise<{ status: string }> {
  await workspace.queue.idle();
  return (await call('GET', `/api/runs/${runId}`, { token: adminToken })).json() as { status: string };
}

beforeAll(async () => {
  sandbox = await startSandbox({ world, rate: E2E_RATE, apiKeys: [KEY] });
  dataDir = tempDir('api');
  workspace = openWorkspace(dataDir, { url: sandbox.url, apiKey: KEY }, { now: () => clock });
  await workspace.start({ scheduler: false });
  server = await serve(workspace, (line) => serverLog.push(line));
  adminToken = await addUser(workspace, 'admin', 'admin', 'correct horse battery');
  viewerToken = await addUser(workspace, 'viewer', 'viewer', 'viewer password 1');
  const hostile = worldBook(world, '<script>alert(1)</script>') as { wallets: { address: string; label?: string }[] };
  const [first] = hostile.wallets;
  if (first !== undefined) first.label = HOSTILE_LABEL;
  const book = (await call('POST', '/api/books', { token: adminToken, body: hostile })).json() as { id: number };
  exportRunId = (
    (
      await call('POST', `/api/books/${book.id}/runs`, {
        token: adminToken,
        body: { kind: 'export', period: { year: 2025 }, templates: ['ledger', 'koinly-wallets'] },
      })
    ).json() as { id: number }
  ).id;
  reconcileRunId = (
    (
      await call('POST', `/api/books/${book.id}/runs`, { token: adminToken, body: { kind: 'reconcile', period: { year: 2025 } } })
    ).json() as { id: number }
  ).id;
  await workspace.queue.idle();
});

afterAll(async () => {
  await server.close();
  await workspace.close();
  await sandbox.close();
});

describe('access', () => {
  it('refuses every route without a session or token (401), and a viewer starting a run (403)', async () => {
    for (const [method, route] of [
      ['GET', '/api/books'],
      ['GET', `/api/runs/${exportRunId}`],
      ['GET', `/api/runs/${exportRunId}/files/ledger.csv`],
      ['GET', `/api/runs/${exportRunId}/archive.zip`],
      ['POST', '/api/books/1/runs'],
      ['DELETE', '/api/session'],
    ]) {
      expect([method, route, (await call(method ?? 'GET', route ?? '/')).status]).toEqual([method, route, 401]);
    }
    expect((await call('GET', '/api/books', { token: 'not-a-token' })).status).toBe(401);
    const refused = await call('POST', '/api/books/1/runs', { token: viewerToken, body: { kind: 'sync' } });
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ error: expect.stringMatching(/only an admin/) });
    expect((await call('GET', `/api/runs/${exportRunId}/files`, { token: viewerToken })).status).toBe(200);
    expect((await call('GET', '/api/health', { token: viewerToken })).json()).toMatchObject({ ok: true, queue: { queued: 0, running: 0 } });
  });

  it('refuses a cookie request that changes something without x-csrf-token, and accepts it with one', async () => {
    const { cookie, csrfToken } = await login(server.url, 'admin', 'correct horse battery');
    expect(cookie).toMatch(/ls_session=/);
    const loginResponse = await fetch(`${server.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: 'admin', password: 'correct horse battery' }),
    });
    const sessionCookie = loginResponse.headers.getSetCookie().find((line) => line.startsWith('ls_session=')) ?? '';
    expect(sessionCookie).toMatch(/HttpOnly/);
    expect(sessionCookie).toMatch(/SameSite=Strict/);
    expect((await call('PUT', '/api/books/1/schedules', { cookie, body: [] })).status).toBe(403);
    expect((await call('PUT', '/api/books/1/schedules', { cookie, csrf: 'forged', body: [] })).status).toBe(403);
    expect(
      (await call('PUT', '/api/books/1/schedules', { cookie, csrf: csrfToken, body: [{ kind: 'reconcile', cron: '30 2 * * *' }] })).status,
    ).toBe(200);
    expect((await call('GET', '/api/books', { cookie })).status).toBe(200);
    expect((await call('DELETE', '/api/session', { cookie, csrf: csrfToken })).status).toBe(200);
    expect((await call('GET', '/api/books', { cookie })).status).toBe(401);
    expect((await call('POST', '/api/session', { body: { user: 'admin', password: 'wrong password' } })).status).toBe(401);
  });

  it('ends a session after 12 hours', async () => {
    const { cookie } = await login(server.url, 'viewer', 'viewer password 1');
    clock = new Date(clock.getTime() + 11 * 3600_000);
    expect((await call('GET', '/api/books', { cookie })).status).toBe(200);
    clock = new Date(clock.getTime() + 2 * 3600_000);
    expect((await call('GET', '/api/books', { cookie })).status).toBe(401);
    clock = new Date();
  });

  it('marks the session cookie Secure behind a TLS proxy (--trust-proxy)', async () => {
    const proxied = await serve(workspace, undefined, { trustProxy: true });
    try {
      const response = await fetch(`${proxied.url}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
        body: JSON.stringify({ user: 'viewer', password: 'viewer password 1' }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie().find((line) => line.startsWith('ls_session='))).toMatch(/; Secure/);
    } finally {
      await proxied.close();
    }
  });

  it('names every problem of a bad book at once, with a field', async () => {
    const response = await call('POST', '/api/books', {
      token: adminToken,
      body: { name: 'x', wallets: [{ address: '0x12' }], chains: [424242] },
    });
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({
      error: expect.stringMatching(/^book has 2 problems: .*chains\[0\].*wallets\[0\]\.address/),
      field: 'chains',
    });
  });
});

describe('pages', () => {
  it('render user and chain text as text: a <script> book name, a =HYPERLINK( label, token symbols; a CSP without inline script', async () => {
    const { cookie } = await login(server.url, 'viewer', 'viewer password 1');
    const books = await fetch(`${server.url}/`, { headers: { cookie } });
    const page = await books.text();
    expect(books.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
    expect(books.headers.get('content-security-policy')).not.toMatch(/unsafe-inline/);
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>alert(1)');
    expect(page.match(/<script/g)).toHaveLength(1);
    expect(page).toContain(ESCAPED_LABEL);
    expect(page).not.toContain('<img');
    expect((await finished(reconcileRunId)).status).toMatch(/succeeded|differences/);
    const report = await (await fetch(`${server.url}/runs/${reconcileRunId}/reconcile`, { headers: { cookie } })).text();
    expect(report).toContain(ESCAPED_LABEL);
    expect(report).not.toContain('=HYPERLINK("');
    expect(report).not.toContain('<img');
    expect(report).toContain('<span class="asset">“GIFT”</span>');
    // The export's run page shows its tie-out: what koinly-wallets left out or merged, with the reason.
    expect((await finished(exportRunId)).status).toBe('succeeded');
    const runPage = await (await fetch(`${server.url}/runs/${exportRunId}`, { headers: { cookie } })).text();
    expect(runPage).toContain('<h2>Tie-out</h2>');
    expect(runPage).toMatch(/<tr><td>koinly-wallets<\/td>.*\n<td>explained<\/td><td>[a-z ]+/);
    // The lines with equal totals stay in the file: the page lists only the reasons.
    expect(runPage).not.toMatch(/\n<td>(ledger|template)<\/td><td>/);
    bodies.push(page, report, runPage);
  });
});

describe('run events', () => {
  it('stream the run with the log lines after those the page shows, and end with `done` once it has finished', async () => {
    expect((await finished(exportRunId)).status).toBe('succeeded');
    const log = (await call('GET', `/api/runs/${exportRunId}/log`, { token: viewerToken })).json() as string[];
    expect(log.length).toBeGreaterThan(2);
    const events = await call('GET', `/api/runs/${exportRunId}/events?after=2`, { token: viewerToken });
    expect(events.status).toBe(200);
    const [event, data] = events.text.trim().split('\n');
    expect(event).toBe('event: done');
    expect(JSON.parse(data?.replace(/^data: /, '') ?? '{}')).toMatchObject({
      id: exportRunId,
      status: 'succeeded',
      progress: { blocksPercent: 100 },
      log: log.slice(2),
    });
    expect((await call('GET', `/api/runs/${exportRunId}/events`)).status).toBe(401);
  });
});

describe('year summary and balance chart', () => {
  it('show the reconcile roll-forward and the export hashes; each chart closes at the reconcile closing balance', async () => {
    expect((await finished(reconcileRunId)).status).toMatch(/succeeded|differences/);
    const { cookie } = await login(server.url, 'viewer', 'viewer password 1');
    const report = JSON.parse(fs.readFileSync(path.join(dataDir, 'runs', String(reconcileRunId), 'files', 'reconcile.json'), 'utf8')) as {
      assets: { assetKind: string; spam: string; closing: { amount: string } | null; in: { amount: string } | null }[];
    };
    const files = (await call('GET', `/api/runs/${exportRunId}/files`, { token: viewerToken })).json() as {
      name: string;
      sha256: string;
    }[];
    const summary = await (await fetch(`${server.url}/books/1/summary`, { headers: { cookie } })).text();
    bodies.push(summary);
    expect(summary).toContain(files.find((file) => file.name === 'ledger.csv')?.sha256);
    // Each fungible asset's closing in its row; an NFT collection of a wallet on one row, its ids behind a disclosure.
    const counted = report.assets.filter((entry) => entry.spam === '');
    for (const asset of counted.filter((entry) => entry.assetKind === 'native' || entry.assetKind === 'erc20'))
      expect(summary).toContain(`<td class="num">${asset.closing?.amount}`);
    if (counted.some((entry) => entry.assetKind === 'erc721' || entry.assetKind === 'erc1155'))
      expect(summary).toMatch(/<details class="token-ids"><summary>\d+ token ids?<\/summary>#\d+/);

    const chart = await (await fetch(`${server.url}/books/1/chart`, { headers: { cookie } })).text();
    bodies.push(chart);
    const closings = [...chart.matchAll(/<figcaption>\s*opening\s+\S+ → closing (\S+) /g)].map((found) => found[1]);
    const fungible = report.assets.filter((asset) => asset.spam === '' && (asset.assetKind === 'native' || asset.assetKind === 'erc20'));
    expect(closings.length).toBeGreaterThan(3);
    expect(chart).not.toContain('opening unknown');
    for (const closing of closings) expect(fungible.map((asset) => asset.closing?.amount)).toContain(closing);
    expect(chart.match(/<svg class="chart"/g)?.length).toBe(closings.length);
  });
});

describe('downloads', () => {
  it('serve only files listed in the run manifest: ../, %2e%2e%2f, absolute and unlisted names are 404', async () => {
    expect((await finished(exportRunId)).status).toBe('succeeded');
    const files = (await call('GET', `/api/runs/${exportRunId}/files`, { token: viewerToken })).json() as {
      name: string;
      bytes: number;
      sha256: string;
    }[];
    expect(files.map((file) => file.name)).toContain('ledger.csv');
    const ledger = await call('GET', `/api/runs/${exportRunId}/files/ledger.csv`, { token: viewerToken });
    expect(ledger.status).toBe(200);
    expect(Buffer.byteLength(ledger.text)).toBe(files.find((file) => file.name === 'ledger.csv')?.bytes);
    fs.writeFileSync(path.join(dataDir, 'secret.txt'), 'not for download');
    const attempts = [
      '../job.json',
      '..%2fjob.json',
      '%2e%2e%2fjob.json',
      '%2e%2e/%2e%2e/%2e%2e/secret.txt',
      '%2e%2e%2f%2e%2e%2f%2e%2e%2fsecret.txt',
      encodeURIComponent(path.join(dataDir, 'secret.txt')),
      path.join(dataDir, 'secret.txt'),
      'job.json',
      'LEDGER.CSV',
      'ledger.csv%00',
      '.',
    ];
    const share = (await call('POST', `/api/runs/${exportRunId}/shares`, { token: adminToken, body: { days: 2 } })).json() as {
      url: string;
    };
    const shareBase = new URL(share.url, server.url).pathname;
    for (const name of attempts) {
      expect([name, (await call('GET', `/api/runs/${exportRunId}/files/${name}`, { token: adminToken })).status]).toEqual([name, 404]);
      expect([name, (await call('GET', `${shareBase}/files/${name}`)).status]).toEqual([name, 404]);
    }
  });

  it('shares: ≥128-bit links showing one run, downloads logged, 404 once expired or revoked', async () => {
    const created = (await call('POST', `/api/runs/${exportRunId}/shares`, { token: adminToken, body: { days: 1 } })).json() as {
      id: string;
      url: string;
    };
    const token = new URL(created.url, server.url).pathname.split('/')[2] ?? '';
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    const base = new URL(created.url, server.url).pathname;
    expect((await call('GET', base)).text).toContain('ledger.csv');
    expect((await call('GET', `${base}/files/ledger.csv`)).status).toBe(200);
    expect((await call('GET', `${base}/archive.zip`)).status).toBe(200);
    expect((await call('GET', `/api/shares/${created.id}/downloads`, { token: viewerToken })).json()).toEqual([
      { file: 'ledger.csv', at: expect.any(String) },
      { file: 'archive.zip', at: expect.any(String) },
    ]);
    expect((await call('GET', `/s/${token.slice(0, -1)}x`)).status).toBe(404);
    clock = new Date(clock.getTime() + 25 * 3600_000);
    expect((await call('GET', `${base}/files/ledger.csv`)).status).toBe(404);
    clock = new Date();
    const other = (await call('POST', `/api/runs/${exportRunId}/shares`, { token: adminToken, body: { days: 3 } })).json() as {
      id: string;
      url: string;
    };
    const otherBase = new URL(other.url, server.url).pathname;
    expect((await call('GET', otherBase)).status).toBe(200);
    expect((await call('DELETE', `/api/shares/${other.id}`, { token: viewerToken })).status).toBe(403);
    expect((await call('DELETE', `/api/shares/${other.id}`, { token: adminToken })).status).toBe(200);
    expect((await call('GET', otherBase)).status).toBe(404);
    expect((await call('GET', `${otherBase}/archive.zip`)).status).toBe(404);
    const listed = (await call('GET', `/api/runs/${exportRunId}/shares`, { token: viewerToken })).json() as {
      id: string;
      downloads: number;
      revokedAt: string | null;
    }[];
    expect(listed.find((share) => share.id === created.id)).toMatchObject({ downloads: 2, revokedAt: null });
    expect(listed.find((share) => share.id === other.id)?.revokedAt).toEqual(expect.any(String));
  });
});

describe('the API key', () => {
  it('is in no response, page, log, file or database row', async () => {
    expect((await finished(reconcileRunId)).status).toMatch(/succeeded|differences/);
    for (const route of [
      '/api/books',
      `/api/runs/${exportRunId}`,
      `/api/runs/${exportRunId}/log`,
      `/api/runs/${reconcileRunId}/log`,
      `/api/runs/${exportRunId}/archive.zip`,
      '/api/books/1/runs',
    ]) {
      await call('GET', route, { token: adminToken });
    }
    const { cookie } = await login(server.url, 'admin', 'correct horse battery');
    for (const page of ['/', '/books/1', `/runs/${exportRunId}`, `/runs/${reconcileRunId}`])
      bodies.push(await (await fetch(`${server.url}${page}`, { headers: { cookie } })).text());
    expect(bodies.filter((body) => body.includes(KEY))).toEqual([]);
    expect(serverLog.filter((line) => line.includes(KEY))).toEqual([]);
    const files = (fs.readdirSync(dataDir, { recursive: true }) as string[])
      .map((name) => path.join(dataDir, name))
      .filter((file) => fs.statSync(file).isFile());
    expect(files.some((file) => file.endsWith('workspace.db'))).toBe(true);
    expect(files.some((file) => file.endsWith('state.db'))).toBe(true);
    expect(files.filter((file) => fs.readFileSync(file).includes(Buffer.from(KEY)))).toEqual([]);
  });
});

describe('login', () => {
  // Last in this file: once the limit is reached, this address cannot log in for a minute.
  it('is rate-limited per address: attempts over the limit get 429 even with the right password', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1)
      statuses.push((await call('POST', '/api/session', { body: { user: 'admin', password: `guess ${attempt}` } })).status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses).toContain(429);
    expect((await call('POST', '/api/session', { body: { user: 'admin', password: 'correct horse battery' } })).status).toBe(429);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import type { Workspace } from '../../src/workspace/Workspace.js';
import { e2eWorld } from '../support/e2eWorld.js';
import type { Served } from '../support/serverHarness.js';
import { addUser, serve } from '../support/serverHarness.js';
import { openWorkspace, tempDir, worldBook } from '../support/workspaceHarness.js';

/** What only the command line knows: flags, the job file, the `ledgerscan` command. */
const CLI_WORDS = /--[a-z]|job\.json|job file|\(file:|'ledgerscan /;
const world = e2eWorld();
let sandbox: Sandbox;
let workspace: Workspace;
let server: Served;
let token: string;

async function call(method: string, route: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  sandbox = await startSandbox({ world });
  workspace = openWorkspace(tempDir('form-errors'), sandbox);
  server = await serve(workspace);
  token = await addUser(workspace, 'admin', 'admin', 'form errors password');
});
afterAll(async () => {
  await server?.close();
  await workspace?.close();
  await sandbox?.close();
});

describe('book input from the pages (issue 26.7)', () => {
  it('takes chains by slug or name and texts with spaces around them, and keeps ids and trimmed texts', async () => {
    const book = worldBook(world, '  Client Trim ') as { wallets: { address: string }[] };
    const address = book.wallets[0]?.address ?? '';
    const created = await call('POST', '/api/books', {
      ...book,
      chains: ['ethereum', 'OP Mainnet'],
      timezone: 'Europe/Berlin ',
      labels: { [` ${address} `]: ' Exchange ' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Client Trim',
      chains: [1, 10],
      timezone: 'Europe/Berlin',
      labels: { [address]: 'Exchange' },
    });
    const changed = await call('PATCH', `/api/books/${String(created.body.id)}`, {
      chains: [' arbitrum', '1'],
      wallets: [{ address, chains: ['arbitrum'] }],
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ chains: [42161, 1], wallets: [{ address, chains: [42161] }] });
  });

  it('names the field of the first problem and words every problem for the page, without flags or files', async () => {
    const unknownChain = await call('POST', '/api/books', {
      name: 'x',
      wallets: [{ address: world.wallets[0]?.address }],
      chains: ['nosuchchain'],
    });
    expect(unknownChain.status).toBe(400);
    expect(unknownChain.body).toEqual({
      error: expect.stringMatching(
        /^book has 1 problem: chains\[0\] "nosuchchain" is not a chain id, slug or name \(pick one from the chains list\)$/,
      ),
      field: 'chains',
    });
    const noChain = await call('POST', '/api/books', {
      name: 'x',
      wallets: [],
      chains: [],
      timezone: 'Mars/Base',
      labels: { '0x12': 'A' },
    });
    expect(noChain.status).toBe(400);
    expect(noChain.body.field).toBe('chains');
    expect(noChain.body.error).toMatch(/chains is empty.*wallets is empty.*timezone "Mars\/Base".*labels key "0x12"/);
    const noWallets = await call('POST', '/api/books', { name: 'x', chains: [1] });
    expect(noWallets.body).toEqual({
      error: 'book has 1 problem: wallets: none given (add at least one wallet address)',
      field: 'wallets',
    });
    const badLabel = await call('POST', '/api/books', {
      name: 'x',
      wallets: [{ address: world.wallets[0]?.address }],
      chains: [1],
      labels: { nope: 'A' },
    });
    expect(badLabel.body.field).toBe('labels');
    for (const refused of [unknownChain, noChain, noWallets, badLabel]) expect(String(refused.body.error)).not.toMatch(CLI_WORDS);
  });

  it('words a run refused for its templates or period for the page, naming the field', async () => {
    const book = await call('POST', '/api/books', worldBook(world, 'Client Runs'));
    const runs = `/api/books/${String(book.body.id)}/runs`;
    const noTemplate = await call('POST', runs, { kind: 'export', period: { year: 2025 } });
    expect(noTemplate.status).toBe(400);
    expect(noTemplate.body).toEqual({
      error: expect.stringMatching(/templates: none chosen \(tick at least one of .*ledger/),
      field: 'templates',
    });
    const unknownTemplate = await call('POST', runs, { kind: 'export', period: { year: 2025 }, templates: ['nosuch'] });
    expect(unknownTemplate.body).toEqual({
      error: expect.stringMatching(/templates\[0\] "nosuch" is not a known template \(use one of [^)]*\)$/),
      field: 'templates',
    });
    const noPeriod = await call('POST', runs, { kind: 'reconcile', period: { from: '2025-01-01' } });
    expect(noPeriod.body).toEqual({ error: expect.stringMatching(/period: period\.from is given without its to date/), field: 'period' });
    const schedule = await call('PUT', `/api/books/${String(book.body.id)}/schedules`, [
      { kind: 'export', cron: '0 3 * * *', templates: ['nosuch'] },
    ]);
    expect(schedule.body.field).toBe('schedules[0].templates');
    for (const refused of [noTemplate, unknownTemplate, noPeriod, schedule]) expect(String(refused.body.error)).not.toMatch(CLI_WORDS);
  });

  it('words a manual price refused for the page, naming the field', async () => {
    const book = await call('POST', '/api/books', worldBook(world, 'Client Prices'));
    const prices = `/api/books/${String(book.body.id)}/prices`;
    const given = { time: '2025-06-17T11:01:36Z', chain: 1, asset: 'native', price: '2512.25' };
    const comma = await call('POST', prices, { ...given, price: '2512,25' });
    expect(comma.status).toBe(400);
    expect(comma.body).toEqual({
      error: 'price "2512,25" is not a plain positive decimal such as 2512.25 (digits and one point, no sign, separator or exponent)',
      field: 'price',
    });
    const time = await call('POST', prices, { ...given, time: '17.06.2025' });
    expect(time.body).toEqual({
      error: 'time "17.06.2025" is not an instant in UTC such as 2025-03-01T12:00:00Z or unix seconds (at most 12 digits)',
      field: 'time',
    });
    const asset = await call('POST', prices, { ...given, asset: 'ETH' });
    expect(asset.body).toEqual({ error: 'asset "ETH" is not native or a 0x token contract', field: 'asset' });
    const currency = await call('POST', prices, { ...given, currency: 'EUR' });
    expect(currency.body).toEqual({
      error: 'currency "EUR" is not the book\'s currency USD (a manual price is in the book\'s currency)',
      field: 'currency',
    });
    const missing = await call('POST', prices, { time: given.time, chain: 1, asset: 'native' });
    expect(missing.body).toMatchObject({ field: 'price' });
    for (const refused of [comma, time, asset, currency, missing]) expect(String(refused.body.error)).not.toMatch(CLI_WORDS);
    expect((await call('GET', prices)).body).toEqual([]);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import type { Alert } from '../../src/alerts/Alert.js';
import { formatUnits } from '../../src/ledger/money.js';
import { verifyWebhook } from '../../src/alerts/webhookSignature.js';
import type { OmittedRecord } from '../../src/sandbox/AccountLists.js';
import type { Sandbox } from '../../src/sandbox/startSandbox.js';
import type { Workspace } from '../../src/workspace/Workspace.js';
import { e2eWorld } from '../support/e2eWorld.js';
import { runInProcess } from '../support/runLedgerscan.js';
import { heldInternalTransfer } from '../support/heldRecord.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver.js';
import { runOutput } from '../support/runOutput.js';
import { servedWorkspace } from '../support/servedWorkspace.js';
import { worldBook } from '../support/workspaceHarness.js';
import type { Served } from '../support/serverHarness.js';
import { login } from '../support/serverHarness.js';

const SECRET = 'workspace-alerts-secret-0123456789';
const world = e2eWorld();
let sandbox: Sandbox;
let hook: WebhookReceiver;
let held: OmittedRecord;
let workspace: Workspace;
let server: Served;
let dataDir: string;
let admin: string;
let viewer: string;
let bookId: number;
let clock = new Date('2026-06-01T02:00:00Z');

type RunJson = {
  id: number;
  kind: string;
  status: string;
  trigger: string;
  summary: Record<string, string | number> | null;
  error: string | null;
};

/** Starts a run over the API and waits for the queue to finish it. */
async function runToEnd(body: unknown): Promise<RunJson> {
  return (await call('GET', `/api/runs/${await served.runToEnd(body, admin)}`, admin)).json() as RunJson;
}

function alerts(): Alert[] {
  return hook.received.map(({ body }) => JSON.parse(body) as Alert);
}

beforeAll(async () => {
  hook = await startWebhookReceiver();
  held = await heldInternalTransfer(world);
});
afterAll(async () => {
  await hook.close();
});

const served = servedWorkspace('close', {
  world,
  sandbox: () => ({ omit: [held] }),
  workspace: () => ({ now: () => clock, alerts: { webhook: { url: hook.url, secret: SECRET } } }),
  users: [
    { name: 'closer', role: 'admin', password: 'closer password 1' },
    { name: 'reader', role: 'viewer', password: 'reader password 1' },
  ],
  book: 'Filed <b>client</b>',
});
const { call } = served;

beforeAll(() => {
  ({ sandbox, workspace, server, dataDir, bookId } = served);
  [admin, viewer] = [served.tokens.closer!, served.tokens.reader!];
});

describe('closing a period in the workspace', () => {
  it('refuses bad close, diff and balances requests with the field named, and viewers', async () => {
    const cases: [unknown, string, RegExp][] = [
      // The body's schema (from the kinds' declared options) refuses a missing or malformed option first.
      [{ kind: 'diff' }, 'label', /needs label/],
      [{ kind: 'diff', label: '../2025' }, 'label', /label must match pattern/],
      [{ kind: 'diff', label: '2025' }, 'label', /label 2025 is not a closed period of this book/],
      [{ kind: 'balances' }, 'at', /needs at/],
      [{ kind: 'balances', at: '31.12.2025' }, 'at', /at "31.12.2025" is not a date or time/],
      [{ kind: 'balances', at: '2027-01-01' }, 'at', /in the future/],
      [{ kind: 'close', period: { year: 2026 }, templates: ['ledger'] }, 'period', /period 2026 has not ended yet/],
      [{ kind: 'close', period: { year: 2025 } }, 'templates', /templates: none chosen/],
    ];
    for (const [body, field, message] of cases) {
      const refused = await call('POST', `/api/books/${bookId}/runs`, admin, body);
      const { error, field: named } = refused.json() as { error: string; field: string };
      expect([refused.status, error]).toEqual([400, expect.stringMatching(message)]);
      expect(named).toMatch(new RegExp(`^${field}`));
    }
    const asViewer = await call('POST', `/api/books/${bookId}/runs`, viewer, {
      kind: 'close',
      period: { year: 2025 },
      templates: ['ledger'],
    });
    expect(asViewer.status).toBe(403);
    expect(await workspace.data.runsOfBook(bookId)).toHaveLength(0);
  });

  it('files 2025 where the CLI would, lists it with its hashes and never closes it twice', async () => {
    const closed = await runToEnd({ kind: 'close', period: { year: 2025 }, templates: ['ledger', 'koinly'] });
    expect(closed).toMatchObject({ kind: 'close', status: 'succeeded', summary: { label: '2025' } });
    const filedDir = path.join(dataDir, 'books', String(bookId), 'filed', '2025');
    const record = JSON.parse(fs.readFileSync(path.join(filedDir, 'filed.json'), 'utf8')) as { files: { path: string; sha256: string }[] };
    expect(record.files.map((file) => file.path)).toEqual(expect.arrayContaining(['ledger.csv', 'manifest.json', 'closing-balances.csv']));

    const files = (await call('GET', `/api/runs/${closed.id}/files`, viewer)).json() as { name: string; sha256: string }[];
    expect(files.map((file) => file.name).sort()).toEqual([...record.files.map((file) => file.path), 'filed.json'].sort());
    const ledger = await call('GET', `/api/runs/${closed.id}/files/ledger.csv`, viewer);
    expect(ledger.text).toBe(fs.readFileSync(path.join(filedDir, 'ledger.csv'), 'utf8'));
    expect((await call('GET', `/api/runs/${closed.id}/files/..%2F..%2Fstate.db`, viewer)).status).toBe(404);

    // The CLI's close with the run's job file files the same bytes (filed.json differs only in its closing time; the manifest in its run-specific fields).
    const cliFiled = path.join(dataDir, 'cli-filed');
    const cli = await runInProcess(
      [
        'close',
        '--config',
        path.join(dataDir, 'runs', String(closed.id), 'job.json'),
        '--state',
        path.join(dataDir, 'cli.db'),
        '--filed',
        cliFiled,
        '--base-url',
        sandbox.url,
        '--rate',
        '1000',
        '--quiet',
      ],
      { env: { ETHERSCAN_API_KEY: sandbox.apiKey }, cwd: dataDir },
    );
    expect(cli.code).toBe(0);
    const cliDigests = runOutput(path.join(cliFiled, '2025'));
    const workspaceDigests = runOutput(filedDir);
    delete cliDigests['filed.json'];
    delete workspaceDigests['filed.json'];
    expect(workspaceDigests).toEqual(cliDigests);
    fs.chmodSync(path.join(cliFiled, '2025'), 0o755);

    const again = await call('POST', `/api/books/${bookId}/runs`, admin, { kind: 'close', period: { year: 2025 }, templates: ['ledger'] });
    expect([again.status, (again.json() as { field: string }).field]).toEqual([400, 'period']);

    const { cookie } = await login(server.url, 'reader', 'reader password 1');
    const page = await (await fetch(`${server.url}/books/${bookId}`, { headers: { cookie } })).text();
    expect(page).toContain('data-closed="2025"');
    for (const file of record.files) expect(page).toContain(file.sha256);
    // Viewers read; the buttons that start runs are for admins.
    expect(page).not.toContain('What changed since filed');
    expect(page).not.toContain('Close period');
    const adminCookie = (await login(server.url, 'closer', 'closer password 1')).cookie;
    const adminPage = await (await fetch(`${server.url}/books/${bookId}`, { headers: { cookie: adminCookie } })).text();
    expect(adminPage).toContain('<button type="submit">Close period</button>');
    expect(adminPage).toContain('<input type="hidden" name="label" value="2025"><button type="submit">What changed since filed</button>');
    expect(adminPage).toContain('<h1>Filed &lt;b&gt;client&lt;/b&gt;</h1>');
  });

  it('draws the balance chart from the closed period when the book has no export, each line as the filed ledger.csv sums it', async () => {
    const { cookie } = await login(server.url, 'reader', 'reader password 1');
    const chart = await (await fetch(`${server.url}/books/${bookId}/chart`, { headers: { cookie } })).text();
    expect(chart).toMatch(/From close run <a href="\/runs\/\d+">\d+<\/a>, 2025-01-01 to 2025-12-31/);
    const rows = parse(fs.readFileSync(path.join(dataDir, 'books', String(bookId), 'filed', '2025', 'ledger.csv'), 'utf8'), {
      columns: true,
    }) as Record<string, string>[];
    const changes = new Map<string, { change: bigint; decimals: number }>();
    const real = new Set<string>();
    for (const row of rows) {
      if (!['native', 'internal', 'fee', 'erc20'].includes(row.kind ?? '') || row.decimals === '') continue;
      const key = `${row.chain_id} ${row.wallet} ${row.kind === 'erc20' ? row.asset_contract : ''}`;
      if (row.spam === '') real.add(key);
      const before = changes.get(key) ?? { change: 0n, decimals: Number(row.decimals) };
      changes.set(key, { ...before, change: before.change + (row.direction === 'in' ? 1n : -1n) * BigInt(row.amount_raw ?? '0') });
    }
    expect(real.size).toBeGreaterThan(1);
    expect(chart.match(/<svg class="chart"/g)?.length).toBe(real.size);
    // No reconcile of 2025 here: each line starts at 0 and ends at the period's change.
    const captions = [...chart.matchAll(/opening unknown \(run a reconcile for this period\)\s+0 → closing (\S+) /g)].map(
      (found) => found[1],
    );
    const expected = [...real].map((key) => {
      const { change, decimals } = changes.get(key) ?? { change: 0n, decimals: 0 };
      return formatUnits(change, decimals);
    });
    expect(captions.sort()).toEqual(expected.sort());
  });

  it('says plainly that nothing changed while the transfer is still held back, and alerts nobody', async () => {
    const same = await runToEnd({ kind: 'diff', label: '2025' });
    expect(same).toMatchObject({ kind: 'diff', status: 'succeeded', summary: { label: '2025', changes: 0 } });
    const { cookie } = await login(server.url, 'reader', 'reader password 1');
    const page = await (await fetch(`${server.url}/runs/${same.id}`, { headers: { cookie } })).text();
    expect(page).toContain('Nothing changed since 2025 was filed');
    expect(hook.received).toHaveLength(0);
  });

  it('after the reveal, shows the changed rows and sends one signed alert; the books list shows it', async () => {
    sandbox.reveal([held]);
    const changed = await runToEnd({ kind: 'diff', label: '2025' });
    expect(changed).toMatchObject({ status: 'differences', summary: { alert: 'changed-since-filed', alertDelivered: 'delivered' } });
    expect(Number(changed.summary?.changes)).toBeGreaterThan(0);
    const diffCsv = (await call('GET', `/api/runs/${changed.id}/files/diff.csv`, viewer)).text;
    expect(diffCsv).toContain(held.hash);

    const { cookie } = await login(server.url, 'reader', 'reader password 1');
    const page = await (await fetch(`${server.url}/runs/${changed.id}`, { headers: { cookie } })).text();
    expect(page).toContain('<table class="diff">');
    expect(page).toContain(`<td>${held.hash}</td>`);
    expect(page).not.toContain('Nothing changed since');

    expect(hook.received).toHaveLength(1);
    const [{ body, signature }] = hook.received as [{ body: string; signature: string }];
    expect(verifyWebhook(SECRET, body, signature, Math.floor(Date.now() / 1000))).toBe(true);
    expect(alerts()[0]).toMatchObject({ kind: 'changed-since-filed', subject: 'Filed <b>client</b>' });

    const books = await (await fetch(`${server.url}/`, { headers: { cookie } })).text();
    expect(books).toContain(
      `<a href="/runs/${changed.id}">${String(changed.summary?.alertAt).slice(0, 16).replace('T', ' ')} changed-since-filed</a> <span class="status status-succeeded">delivered</span>`,
    );
    const listed = (await call('GET', '/api/books', viewer)).json() as { lastAlert: unknown }[];
    expect(listed[0]?.lastAlert).toEqual({
      runId: changed.id,
      kind: 'changed-since-filed',
      at: changed.summary?.alertAt,
      delivered: 'delivered',
    });
  });

  it('the nightly schedule diffs every closed period after its reconcile, and sends nothing when nothing is new', async () => {
    // The book's default schedule: reconcile nightly at 02:30 UTC.
    const before = (await workspace.data.runsOfBook(bookId)).length;
    clock = new Date('2026-06-01T02:29:00Z');
    expect(await workspace.scheduler.tick(clock)).toBe(0);
    clock = new Date('2026-06-01T02:31:00Z');
    expect(await workspace.scheduler.tick(clock)).toBe(1);
    await workspace.queue.idle();
    const nightly = (await workspace.data.runsOfBook(bookId)).slice(0, (await workspace.data.runsOfBook(bookId)).length - before).reverse();
    expect(nightly.map((run) => [run.request.kind, run.trigger, run.request.label])).toEqual([
      ['reconcile', 'schedule', undefined],
      ['diff', 'schedule', '2025'],
    ]);
    expect(nightly[0]?.status).toBe('succeeded');
    // The same changes as the last diff: still differences, but no second alert.
    expect(nightly[1]?.status).toBe('differences');
    expect(nightly[1]?.summary?.alert).toBeUndefined();
    expect(hook.received).toHaveLength(1);
  });

  it("states balances at a date in the book's zone, on the run page and the printable summary", async () => {
    const balances = await runToEnd({ kind: 'balances', at: '2025-12-31T23:59:59' });
    expect(balances).toMatchObject({ kind: 'balances', summary: { at: '2025-12-31T23:59:59+00:00' } });
    expect(['succeeded', 'differences']).toContain(balances.status);
    const csv = (await call('GET', `/api/runs/${balances.id}/files/balances.csv`, viewer)).text;
    const rows = csv.trim().split('\n');
    expect(rows.length).toBeGreaterThan(1);
    // At the period's last second, holdings are the closing balances the last diff recalculated (the transfer revealed), to the base unit.
    const lastDiff = (await workspace.data.runsOfBook(bookId)).find((run) => run.request.kind === 'diff');
    const closing = (await call('GET', `/api/runs/${lastDiff?.id}/files/closing-balances.csv`, viewer)).text;
    const byBucket = (text: string): Record<string, string> =>
      Object.fromEntries(
        (parse(text, { columns: true }) as Record<string, string>[]).map((row) => [
          `${row.chain_id} ${row.wallet} ${row.asset_contract} ${row.token_id}`,
          row.balance_raw ?? '',
        ]),
      );
    expect(Object.keys(byBucket(csv)).length).toBe(rows.length - 1);
    expect(byBucket(csv)).toEqual(byBucket(closing));
    const { cookie } = await login(server.url, 'reader', 'reader password 1');
    const summary = await (await fetch(`${server.url}/books/${bookId}/summary`, { headers: { cookie } })).text();
    expect(summary).toContain('<table class="balances">');
    expect(summary).toContain(`Run ${balances.id}, holdings at 2025-12-31T23:59:59+00:00`);
    const firstWallet = rows[1]?.split(',')[5] ?? '';
    expect(firstWallet).toMatch(/^0x[0-9a-f]{40}$/);
    expect(summary).toContain(`data-copy="${firstWallet}"`);
  });

  it('alerts when a scheduled run fails', async () => {
    const broken = await workspace.addBook(worldBook(world, 'Broken store'));
    // The book's data folder is a file: its store cannot be opened, so every run of it fails.
    fs.mkdirSync(path.join(dataDir, 'books'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'books', String(broken.id)), 'not a folder');
    clock = new Date('2026-06-01T03:00:00Z');
    await workspace.setSchedules(broken.id, [{ kind: 'sync', cron: '0 4 * * *', zone: 'UTC' }]);
    clock = new Date('2026-06-01T04:00:30Z');
    expect(await workspace.scheduler.tick(clock)).toBe(1);
    await workspace.queue.idle();
    const [failed] = await workspace.data.runsOfBook(broken.id);
    // Held for the night's one alert, which the next look sends with the failure in it.
    expect(failed).toMatchObject({
      status: 'failed',
      trigger: 'schedule',
      summary: { alert: 'run-failed', alertDelivered: 'in the night alert' },
    });
    await workspace.scheduler.tick(clock);
    expect(alerts().at(-1)).toMatchObject({
      kind: 'night-summary',
      subject: 'the night of 2026-06-01',
      summary: expect.stringContaining(', 1 failed,'),
      details: {
        failedRuns: [{ bookId: broken.id, runId: failed?.id }],
        findings: expect.arrayContaining([{ bookId: broken.id, runId: failed?.id, alert: 'run-failed' }]),
      },
    });
    fs.rmSync(path.join(dataDir, 'books', String(broken.id)));
  });

  it('serve refuses to start with half-configured alerts, naming the variable and never echoing a value', async () => {
    const refused = await runInProcess(['serve', '--demo', '--port', '0'], {
      env: { LEDGERSCAN_WEBHOOK_SECRET: 'a-secret-that-must-not-leak' },
      cwd: dataDir,
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('LEDGERSCAN_WEBHOOK_SECRET is set without LEDGERSCAN_WEBHOOK_URL');
    expect(refused.stderr + refused.stdout).not.toContain('a-secret-that-must-not-leak');
    expect(refused.stdout).not.toContain('listening on');
  });
});

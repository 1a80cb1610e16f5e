import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { type Sandbox, startSandbox } from '../../src/sandbox/startSandbox.js';
import type { Workspace } from '../../src/workspace/Workspace.js';
import { e2eWorld } from '../support/e2eWorld.js';
import { openWorkspace, tempDir, worldBook } from '../support/workspaceHarness.js';
import type { Served } from '../support/serverHarness.js';
import { addUser, serve } from '../support/serverHarness.js';

const world = e2eWorld();
let sandbox: Sandbox;
let workspace: Workspace;
let server: Served;
let dataDir: string;
let admin: string;
let bookId: number;
let runId: number;
let rows: Record<string, string>[];

async function page(route: string): Promise<string> {
  const response = await fetch(`${server.url}${route}`, { headers: { authorization: `Bearer ${admin}` } });
  expect(response.status).toBe(200);
  return response.text();
}

/** The row's cells as the page's table shows them, tags stripped. */
function cellsOf(html: string, row: Record<string, string>): string[] {
  const rowHtml = html
    .split('<tr')
    .find(
      (part) =>
        part.includes(`data-copy="${row.wallet}"`) &&
        part.includes(`<td class="asset-label"><span class="asset">${row.asset}</span></td>`) &&
        part.includes(row.closing!),
    );
  expect([row.wallet_label, rowHtml]).toEqual([expect.stringMatching(/./), expect.any(String)]);
  return [...rowHtml!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, '').trim());
}

/** The synced block's date as the pages write it. */
const minute = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** Closing, ledger at block, block (its date under it), on-chain, difference as the pages show them: amounts with the coin's symbol. */
const inUnits = (row: Record<string, string>): string[] => [
  `${row.closing} ${row.asset}`,
  `${row.ledger_balance} ${row.asset}`,
  `${row.synced_block}${minute(row.synced_block_time!)}`,
  `${row.chain_balance} ${row.asset}`,
  `${row.difference} ${row.asset}`,
];

beforeAll(async () => {
  sandbox = await startSandbox({ world, rate: 1000 });
  dataDir = tempDir('reconcile-dates');
  workspace = openWorkspace(dataDir, sandbox, { now: () => new Date('2026-06-01T02:00:00Z') }, 1000);
  await workspace.start({ scheduler: false });
  server = await serve(workspace);
  admin = await addUser(workspace, 'checker', 'admin', 'checker password 1');
  bookId = (await workspace.addBook(worldBook(world, 'Dated client'))).id;
  const started = await fetch(`${server.url}/api/books/${bookId}/runs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'reconcile', period: { year: 2025 } }),
  });
  expect(started.status).toBe(202);
  runId = ((await started.json()) as { id: number }).id;
  await workspace.queue.idle();
  rows = parse(fs.readFileSync(path.join(dataDir, 'runs', String(runId), 'files', 'reconcile.csv'), 'utf8'), { columns: true }) as Record<
    string,
    string
  >[];
});

afterAll(async () => {
  await server.close();
  await workspace.close();
  await sandbox.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a reconcile over a past period', () => {
  it('writes the closing with its date apart from the ledger balance at the synced block, the one the difference is taken from', () => {
    const moved = rows.filter((row) => row.spam === '' && row.status === 'match' && row.closing_raw !== row.ledger_balance_raw);
    expect(moved.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.closing_date).toBe('2025-12-31');
      expect(Number(row.synced_block)).toBeGreaterThan(0);
      // The block's own time, as the chain made it (one eth_getBlockByNumber per chain), not the run's.
      expect(row.synced_block_time).toBe(
        new Date(world.timestampOf(Number(row.chain_id), Number(row.synced_block)) * 1000).toISOString().replace('.000Z', 'Z'),
      );
      if (row.chain_balance_raw === '') continue;
      expect(BigInt(row.difference_raw!)).toBe(BigInt(row.ledger_balance_raw!) - BigInt(row.chain_balance_raw!));
    }
  });

  it('shows on the report page and the printable summary the dated closing and, apart, the ledger at its block next to the chain', async () => {
    const row = rows.find(
      (candidate) =>
        candidate.spam === '' &&
        candidate.asset_kind === 'native' &&
        candidate.status === 'match' &&
        candidate.closing_raw !== candidate.ledger_balance_raw,
    )!;
    const report = await page(`/runs/${runId}/reconcile`);
    expect(report).toContain(
      '<th>Closing 2025-12-31</th><th>Ledger at block</th><th>Block</th><th>On-chain at head</th><th>Difference</th>',
    );
    expect(report).toMatch(
      /Closing 2025-12-31 is the period&#39;s balance at its end, not compared\. The difference compares the ledger at the synced block \(chain 1 block \d+ of \d{4}-\d\d-\d\d \d\d:\d\d UTC, chain 10 block \d+ of \d{4}-\d\d-\d\d \d\d:\d\d UTC\)/,
    );
    // Closing, ledger at block, block, on-chain, difference: the difference sits beside the figures it is taken from.
    expect(cellsOf(report, row).slice(6, 11)).toEqual(inUnits(row));

    const summary = await page(`/books/${bookId}/summary`);
    expect(summary).toContain(
      '<th>Closing 2025-12-31</th><th>Ledger at block</th><th>Block</th><th>On-chain at head</th><th>Difference</th>',
    );
    expect(cellsOf(summary, row).slice(6, 11)).toEqual(inUnits(row));
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { LedgerscanError } from '../../src/errors/LedgerscanError.js';
import { closeRun, FILED_PERIOD } from '../../src/runs/closeRun.js';
import { VALUATION_FIGURES } from '../../src/runs/exportRun.js';
import { RECONCILE_REPORT } from '../../src/runs/reconcileReportResult.js';
import { reconcileRun } from '../../src/runs/reconcileRun.js';
import { runFact } from '../../src/runs/runResults.js';
import { checkedSummary } from '../../src/runs/runSummary.js';
import { embeddedBookPlaces } from '../../src/workspace/BookPlaces.js';
import { openSqliteWorkspaceData } from '../../src/workspace/openWorkspaceData.js';
import { checkRunResults, readRunResult } from '../../src/workspace/runFiles.js';
import type { Run } from '../../src/workspace/WorkspaceData.js';
import { tempDir } from '../support/workspaceHarness.js';

const dataDir = tempDir('results');
const data = openSqliteWorkspaceData(path.join(dataDir, 'workspace.db'));
const stores = embeddedBookPlaces(dataDir);
const T = '2026-01-02T03:04:05.000Z';

/** The lines the readers log (process warnings: jest's process object does not pass on the real one's events). */
let warnings: string[] = [];
beforeEach(() => {
  warnings = [];
  jest.spyOn(process, 'emitWarning').mockImplementation((warning: string | Error) => {
    warnings.push(String(warning));
  });
});
afterEach(() => {
  jest.restoreAllMocks();
});
afterAll(() => data.close());

const report = {
  period: { from: '2025-01-01', to: '2025-12-31' },
  syncedBlocks: { '1': 100 },
  assets: [],
};

/** A finished reconcile of a new book whose files are `reconcile.json` holding `body`. */
async function reconcileWith(body: string): Promise<Run> {
  const book = await data.addBook({ name: 'Client', wallets: [], chains: [1] } as never, T);
  const run = await data.addRun(book.id, { kind: 'reconcile' }, 'manual', T);
  fs.mkdirSync(stores.outDir(run.id), { recursive: true });
  fs.writeFileSync(path.join(stores.outDir(run.id), 'reconcile.json'), body);
  const files = [{ name: 'reconcile.json', bytes: body.length, sha256: '00'.repeat(32) }];
  await data.updateRun(run.id, { status: 'succeeded', summary: { apiCalls: 3, assets: 0, differences: 0 }, files, finishedAt: T });
  return (await data.getRun(run.id)) as Run;
}

describe('typed run results', () => {
  it('refuses to store a summary that breaks its kind’s schema, naming the field', () => {
    expect(checkedSummary(reconcileRun, { apiCalls: 3, assets: 2, differences: 0 })).toEqual({ apiCalls: 3, assets: 2, differences: 0 });
    expect(() => checkedSummary(reconcileRun, { apiCalls: 3, assets: 2 })).toThrow(LedgerscanError);
    expect(() => checkedSummary(closeRun, { apiCalls: 3, label: 2025, files: 4 })).toThrow(/summary does not match .*\/label/);
  });

  it('reads back a stored summary that breaks its schema (older run, row edited by hand) as absent, with one line logged', async () => {
    const book = await data.addBook({ name: 'Client', wallets: [], chains: [1] } as never, T);
    const run = await data.addRun(book.id, { kind: 'close', period: { year: 2025 } }, 'manual', T);
    await data.updateRun(run.id, { status: 'succeeded', summary: { apiCalls: 3, label: 2025, files: 4 } as never, finishedAt: T });
    const stored = (await data.getRun(run.id)) as Run;
    expect(stored.summary).toBeNull();
    expect(runFact(stored, FILED_PERIOD)).toBeUndefined();
    expect(warnings).toEqual([expect.stringMatching(new RegExp(`^run ${run.id}: its summary is unreadable \\(/label must be string\\)`))]);

    await data.updateRun(run.id, { summary: { apiCalls: 3, label: '2025', files: 4 } });
    expect(runFact((await data.getRun(run.id)) as Run, FILED_PERIOD)).toEqual({ apiCalls: 3, label: '2025', files: 4 });
  });

  it('reads a summary fact the run never had (an unvalued export’s valuation figures) as absent, with nothing logged', async () => {
    const book = await data.addBook({ name: 'Client', wallets: [], chains: [1] } as never, T);
    const run = await data.addRun(book.id, { kind: 'export', period: { year: 2025 }, templates: ['ledger'] }, 'manual', T);
    await data.updateRun(run.id, { status: 'succeeded', summary: { apiCalls: 3, 'rows.ledger': 10 }, finishedAt: T });
    expect(runFact((await data.getRun(run.id)) as Run, VALUATION_FIGURES)).toBeUndefined();
    expect(warnings).toEqual([]);

    // Part of the figures is a broken summary, not an absent one.
    await data.updateRun(run.id, { summary: { apiCalls: 3, 'rows.ledger': 10, valueCurrency: 'EUR' } });
    expect(runFact((await data.getRun(run.id)) as Run, VALUATION_FIGURES)).toBeUndefined();
    expect(warnings).toEqual([expect.stringMatching(/its valuation figures is unreadable \(\(top\) must have required propert/)]);

    const figures = { valueCurrency: 'EUR', priceCalls: 1, expectedPriceCalls: 1, priceCacheHits: 0, rowsWithoutValue: 0 };
    await data.updateRun(run.id, { summary: { apiCalls: 3, 'rows.ledger': 10, ...figures } });
    expect(runFact((await data.getRun(run.id)) as Run, VALUATION_FIGURES)).toMatchObject(figures);
  });

  it('reads a reconcile report typed, and one edited by hand as absent with one line logged; refuses such a file as the run is recorded', async () => {
    const good = await reconcileWith(JSON.stringify(report));
    expect(await readRunResult(stores, good, RECONCILE_REPORT)).toEqual(report);
    await expect(checkRunResults(stores, good)).resolves.toBeUndefined();

    const edited = await reconcileWith(JSON.stringify({ ...report, syncedBlocks: { '1': 'head' } }));
    expect(await readRunResult(stores, edited, RECONCILE_REPORT)).toBeUndefined();
    const torn = await reconcileWith('{"period": {');
    expect(await readRunResult(stores, torn, RECONCILE_REPORT)).toBeUndefined();
    expect(warnings).toEqual([
      `run ${edited.id}: its reconcile report is unreadable (/syncedBlocks/1 must be integer); shown as absent`,
      expect.stringMatching(new RegExp(`^run ${torn.id}: its reconcile report is unreadable \\(.*JSON.*\\); shown as absent$`)),
    ]);
    await expect(checkRunResults(stores, edited)).rejects.toThrow(
      /reconcile report does not match its schema: \/syncedBlocks\/1 must be integer/,
    );
  });
});

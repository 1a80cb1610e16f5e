import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { runCli } from '../../src/cli/main.js';
import type { Job } from '../../src/config/Job.js';
import { loadJob } from '../../src/config/loadJob.js';
import { jobTemplates } from '../../src/pipeline/jobTemplates.js';
import type { SyncedChain } from '../../src/sync/syncJob.js';
import { ledgerFromStore } from '../../src/pipeline/ledgerFromStore.js';
import { ledgerParts } from '../../src/pipeline/ledgerParts.js';
import { periodBounds } from '../../src/pipeline/periodBounds.js';
import { workerCsvPart } from '../../src/pipeline/workerCsvPart.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { WORLD_END, WORLD_START } from '../../src/sandbox/worldSpan.js';
import { startSandbox } from '../../src/sandbox/startSandbox.js';
import { openSqliteStore } from '../../src/store/openSqliteStore.js';
import type { SqliteStore } from '../../src/store/SqliteStore.js';
import { localCsvPart, renderableInParts } from '../../src/templates/CsvPart.js';
import { type TemplateResult } from '../../src/pipeline/renderTemplates.js';
import { renderTiedOut } from '../support/renderTiedOut.js';
import type { Template } from '../../src/templates/Template.js';
import { builtinTemplateNames } from '../../src/templates/templateCatalog.js';
import { streamedTemplateNames } from '../support/streamedTemplates.js';
import { captureIo } from '../support/captureIo.js';
import { Decimal } from '../../src/ledger/money.js';
import { entryId } from '../../src/ledger/entryId.js';
import { PriceQueries } from '../../src/prices/PriceQueries.js';
import { recordAnswers } from '../../src/prices/RecordedPrices.js';
import type { RowPrices } from '../../src/prices/valueLeg.js';

const day = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString().slice(0, 10);
const CHAINS = [1, 10, 42161];

function filesIn(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (at: string): void => {
    for (const name of fs.readdirSync(at)) {
      const full = path.join(at, name);
      if (fs.statSync(full).isDirectory()) walk(full);
      else if (name !== 'manifest.json') files[path.relative(dir, full)] = fs.readFileSync(full, 'latin1');
    }
  };
  walk(dir);
  return files;
}

/**
 * A large ledger is rendered in parts by chain, all but one on worker threads, and merged back: every
 * built-in template's files must be byte-identical to one pass over the whole ledger (which the CLI does
 * for a ledger this small), with the same counts and rounding residuals.
 */
describe('rendering the ledger in parts on worker threads', () => {
  let dir: string;
  let job: Job;
  let store: SqliteStore;
  let chains: SyncedChain[];
  let allTemplates: Template[];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-parts-'));
    const world = generateWorld({ seed: 1, scale: 0.1, chains: CHAINS });
    // Without the chain's historical balances (2 calls/s on every plan): the journals that assert them are the
    // only files they change, and those are left out of every comparison with this export (see `withoutChain`).
    const sandbox = await startSandbox({ world, rate: 2000, disabledActions: ['balancehistory', 'tokenbalancehistory'] });
    const flags = {
      address: world.wallets.map((wallet) => wallet.address),
      chain: CHAINS,
      from: day(WORLD_START),
      to: day(WORLD_END - 1),
      template: streamedTemplateNames(),
      out: path.join(dir, 'one-pass'),
      state: path.join(dir, 'state.db'),
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      rate: 2000,
      quiet: true,
    };
    try {
      const io = captureIo(dir);
      const args = [
        'export',
        '--no-values',
        ...Object.entries(flags).flatMap(([flag, value]) =>
          flag === 'quiet'
            ? ['--quiet']
            : [value].flat().flatMap((v) => [`--${flag.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, String(v)]),
        ),
      ];
      expect({ code: await runCli(args, io), stderr: io.stderrText() }).toEqual({ code: 0, stderr: '' });
    } finally {
      await sandbox.close();
    }
    job = loadJob({ flags, env: {}, knownTemplates: builtinTemplateNames(), cwd: dir });
    allTemplates = jobTemplates(job);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'one-pass', 'manifest.json'), 'utf8')) as {
      blockRanges: Record<string, { fromBlock: number; toBlock: number }>;
    };
    chains = Object.entries(manifest.blockRanges).map(([chainId, range]) => ({ chainId: Number(chainId), ...range }));
    store = openSqliteStore(flags.state);
  });
  afterAll(() => {
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // Every built-in template on two threads; on three, one of each layout and split (a worker start is ≈ 0.4 s under tsx).
  // Several templates share one read on this thread, so each renders alone here: a lone template is what reads in parts.
  it.each([
    [2, null],
    [3, ['ledger', 'quickbooks', 'cointracking', 'ctc', 'turbotax', 'journal']],
  ])('with %i threads writes every file byte for byte as one pass does', async (threads, only) => {
    const templates = only === null ? allTemplates : allTemplates.filter((template) => only.includes(template.name));
    const out = path.join(dir, `threads-${threads}`);
    const split = ledgerParts(store, job, chains, { minRows: 0, threads });
    const partsUsed = new Map<string, number>();
    const results: TemplateResult[] = [];
    const sheets: string[] = [];
    const files: Record<string, string> = {};
    for (const template of templates) {
      const alone = path.join(out, template.name);
      results.push(
        ...(await renderTiedOut({
          entries: ledgerFromStore(store, job, chains),
          parts: (rendered) => {
            const parts = split(rendered);
            partsUsed.set(rendered.name, parts?.length ?? 1);
            return parts;
          },
          templates: [template],
          period: periodBounds(store, job, chains),
          outDir: alone,
          context: { timezone: job.timezone },
        })),
      );
      const { 'tieout.csv': sheet, ...written } = filesIn(alone);
      sheets.push((sheet ?? '').slice((sheet ?? '').indexOf('\n') + 1));
      Object.assign(files, written);
    }
    const onePass = await renderTiedOut({
      entries: ledgerFromStore(store, job, chains),
      templates,
      period: periodBounds(store, job, chains),
      outDir: path.join(dir, `again-${threads}`),
      context: { timezone: job.timezone },
    });

    const { 'tieout.csv': onePassSheet, ...onePassFiles } = filesIn(path.join(dir, `again-${threads}`));
    expect(files).toEqual(onePassFiles);
    // The tie-out tallied on the workers comes back with their batches: the same sheet as one pass, byte for byte.
    const sheet = (onePassSheet ?? '').slice(0, (onePassSheet ?? '').indexOf('\n') + 1) + sheets.join('');
    expect(sheet).toBe(onePassSheet);
    for (const template of templates) expect(sheet).toContain(`\n${template.name},`);
    // The export's text journals assert the chain's balances, read from the API this render has not got.
    const withoutChain = (files: Record<string, string>): Record<string, string> =>
      Object.fromEntries(Object.entries(files).filter(([name]) => !name.startsWith('ledgerscan.') && name !== 'tieout.csv'));
    if (only === null) expect(withoutChain(files)).toEqual(withoutChain(filesIn(path.join(dir, 'one-pass'))));
    const relative = (result: (typeof results)[number]): unknown => ({ ...result, files: result.files.map((file) => path.basename(file)) });
    expect(results.map(relative)).toEqual(onePass.map(relative));
    // Only templates whose rows do not depend on other chains' rows are split, and those all are.
    const splittable = templates.filter(renderableInParts).map((template) => template.name);
    expect(splittable.length).toBeGreaterThan(only === null ? 10 : 3);
    expect([...partsUsed.keys()].sort()).toEqual([...splittable].sort());
    expect(new Set(partsUsed.values())).toEqual(new Set([threads]));
    expect(results.some((result) => result.residuals.length > 0)).toBe(true);
  });

  it('values rows on the worker threads from the recorded answers, byte for byte as one pass', async () => {
    const templates = allTemplates.filter((template) => ['ledger', 'ctc', 'cointracking'].includes(template.name));
    const queries = new PriceQueries();
    for (const entry of ledgerFromStore(store, job, chains)()) queries.add(entry);
    // Plain answers that differ per question, so a thread answering another row's question would show.
    const prices: RowPrices = {
      currency: 'EUR',
      priceAt: (query) =>
        query.time % 5 === 0
          ? { found: false, state: 'rate-limited' }
          : {
              found: true,
              price: new Decimal(query.time % 997).div(7),
              currency: 'EUR',
              time: query.time - 60,
              source: query.chainId === 1 ? 'file' : 'defillama',
            },
    };
    const valuation = {
      prices,
      forChains: (chainIds: readonly number[]) => ({ answers: recordAnswers(queries.assets(), prices, new Set(chainIds)) }),
    };
    const split = ledgerParts(store, job, chains, { minRows: 0, threads: 2 });
    const out = path.join(dir, 'valued-parts');
    const again = path.join(dir, 'valued-one-pass');
    const parts = new Map<string, number>();
    // Each alone: a lone template is what reads in parts.
    for (const template of templates) {
      await renderTiedOut({
        entries: ledgerFromStore(store, job, chains),
        parts: (rendered, prepared) => {
          const made = split(rendered, prepared);
          parts.set(rendered.name, made?.length ?? 1);
          return made;
        },
        templates: [template],
        outDir: path.join(out, template.name),
        context: { timezone: job.timezone },
        valuation,
      });
      await renderTiedOut({
        entries: ledgerFromStore(store, job, chains),
        templates: [template],
        outDir: path.join(again, template.name),
        context: { timezone: job.timezone },
        valuation,
      });
    }
    expect([...parts.values()]).toEqual([2, 2, 2]);
    expect(filesIn(out)).toEqual(filesIn(again));
    const ledger = filesIn(out)[path.join('ledger', 'ledger.csv')] ?? '';
    expect(ledger.split('\n')[0]).toMatch(/,price,price_currency,price_time,price_source,fx_rate,fx_date,value,value_state$/);
    expect(ledger).toContain(',rate-limited\n');
    expect(ledger).toMatch(/,EUR,[^,]+,defillama,,,\d+\.\d\d,\n/);
  });

  // The sync stored each row's legs' ids (src/ledger/rowEntryIds.ts); the ledger reads them instead of hashing.
  it("reads each entry's id from its stored row, the id hashed from the entry's provenance", () => {
    const wallets = job.wallets.map((wallet) => wallet.address);
    let rows = 0;
    let withIds = 0;
    for (const { chainId, fromBlock, toBlock } of chains)
      for (const row of store.iterateRecords(chainId, wallets, fromBlock, toBlock)) {
        rows += 1;
        if (row.record.valueId?.length === 17 && (row.stream === 'txlist') === (row.record.feeId?.length === 17)) withIds += 1;
      }
    expect(withIds).toBe(rows);
    let entries = 0;
    for (const entry of ledgerFromStore(store, job, chains)()) {
      entries += 1;
      const fee = entry.kind === 'fee';
      const leg = fee ? 'fee' : entry.note.split(' ').includes('derived_from_call') ? 'derived' : 'value';
      const source = { chainId: entry.chainId, txHash: entry.txHash, wallet: entry.wallet, ref: entry.provenance.ref, leg } as const;
      expect(entry.entryId).toBe(entryId({ ...source, stream: fee ? 'txlist' : entry.provenance.stream }));
    }
    expect(entries).toBeGreaterThan(rows / 2);
  });

  it('does not split a ledger below the row threshold, nor on one thread, nor one whose rows are on one chain', () => {
    const ledger = allTemplates.find((template) => template.name === 'ledger') as Template;
    expect(ledgerParts(store, job, chains, { minRows: 10_000_000, threads: 2 })(ledger)).toBeNull();
    expect(ledgerParts(store, job, chains, { minRows: 0, threads: 1 })(ledger)).toBeNull();
    // Threads started for a large ledger whose rows turn out to be on one chain are stopped (else the run never ends).
    const [first, ...empty] = chains as [SyncedChain, ...SyncedChain[]];
    const oneChain = [first, ...empty.map((chain) => ({ ...chain, toBlock: chain.fromBlock - 1 }))];
    expect(ledgerParts(store, job, oneChain, { minRows: 0, threads: 3 })(ledger)).toBeNull();
  });

  it('fails as the worker failed, and leaves no file behind', async () => {
    const ledger = allTemplates.find((template) => template.name === 'ledger') as Template;
    const out = path.join(dir, 'failed');
    const unusable = path.join(dir, 'a-folder-not-a-store');
    fs.mkdirSync(unusable);
    await expect(
      renderTiedOut({
        entries: ledgerFromStore(store, job, chains),
        parts: (template) => [
          localCsvPart(template, ledgerFromStore(store, job, chains.slice(0, 1))()),
          workerCsvPart().render({
            store: { kind: 'sqlite', file: unusable },
            ledger: { wallets: job.wallets, labels: job.labels, spam: job.spam },
            chains: chains.slice(1),
            template,
            bridgePairs: new Map(),
          }),
        ],
        templates: [ledger],
        outDir: out,
        context: { timezone: job.timezone },
      }),
    ).rejects.toMatchObject({ shortMessage: 'cannot open the state file', kind: 'input' });
    expect(fs.readdirSync(out)).toEqual([]);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Value } from 'typebox/value';
import type { Job } from '../../src/config/Job.js';
import { loadJob } from '../../src/config/loadJob.js';
import type { Manifest } from '../../src/output/writeManifest.js';
import type { AnyOutput } from '../../src/outputs/Output.js';
import { OUTPUTS } from '../../src/outputs/registry.js';
import { tieoutOutput } from '../../src/outputs/tieoutOutput.js';
import { finishOutputs } from '../../src/pipeline/finishOutputs.js';
import { jobTemplates } from '../../src/pipeline/jobTemplates.js';
import { ledgerFromStore } from '../../src/pipeline/ledgerFromStore.js';
import { ledgerParts } from '../../src/pipeline/ledgerParts.js';
import { periodBounds } from '../../src/pipeline/periodBounds.js';
import type { LedgerEntry } from '../../src/ledger/LedgerEntry.js';
import { openCachedPriceOracle } from '../../src/pipeline/openPriceOracle.js';
import { OutputPass } from '../../src/pipeline/OutputPass.js';
import { PriceQueries } from '../../src/prices/PriceQueries.js';
import type { ValuationSettings } from '../../src/prices/ValuationSettings.js';
import type { RowPrices } from '../../src/prices/valueLeg.js';
import { renderTemplates } from '../../src/pipeline/renderTemplates.js';
import { runExport, type ExportResult } from '../../src/pipeline/runExport.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/startSandbox.js';
import { WORLD_END, WORLD_START } from '../../src/sandbox/worldSpan.js';
import { openSqliteStore } from '../../src/store/openSqliteStore.js';
import { createProgress } from '../../src/sync/progress.js';
import { builtinTemplateNames } from '../../src/templates/templateCatalog.js';
import { sandboxValuation } from '../support/sandboxValuation.js';
import { entryCountOutput } from './entryCountOutput.js';
import { filesIn } from '../support/filesIn.js';

const day = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString().slice(0, 10);
const CHAINS = [1, 10, 42161];

/**
 * The outputs beside the templates ride on the first template's pass. A throwaway output given in a registry of the
 * test's own appears in the manifest and the run's results with no other file touched; every result matches its
 * schema; and rendered in parts on threads, the outputs' merged states (the gains' legs among them) write what one
 * pass writes.
 */
describe('outputs of an export', () => {
  let dir: string;
  let sandbox: Sandbox;
  let job: Job;
  let result: ExportResult;
  // Before the tie-out, which writes the sections of the outputs before it. The tax forms run only for a job that
  // chose one, which this world's price gaps would refuse (test/templatesWorld/taxForms.test.ts).
  const registry: readonly AnyOutput[] = [
    ...OUTPUTS.filter((output) => output !== tieoutOutput && output.name !== 'taxForms'),
    entryCountOutput,
    tieoutOutput,
  ];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-outputs-'));
    sandbox = await startSandbox({ world: generateWorld({ seed: 1, scale: 0.1, chains: CHAINS }), rate: 2000 });
    const flags = {
      address: sandbox.world.wallets.map((wallet) => wallet.address),
      chain: CHAINS,
      from: day(WORLD_START),
      to: day(WORLD_END - 1),
      template: ['ledger', 'koinly', 'hledger'],
      out: path.join(dir, 'out'),
      state: path.join(dir, 'state.db'),
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      rate: 2000,
      quiet: true,
      costBasis: 'fifo',
    };
    job = { ...loadJob({ flags, env: {}, knownTemplates: builtinTemplateNames(), cwd: dir }), valuation: sandboxValuation(sandbox) };
    fs.mkdirSync(path.join(dir, 'run'));
    result = await runExport(job, {
      command: 'test outputs',
      progress: createProgress({ output: process.stderr, quiet: true }),
      outputs: registry,
      balanceSeriesFile: path.join(dir, 'run', 'balance-series.json'),
      // As a workspace run offers them: every output of the registry runs.
      reviews: [],
    });
  }, 120_000);

  afterAll(async () => {
    await sandbox?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lists a throwaway output in the manifest and the results, its file with the run', () => {
    const manifest = JSON.parse(fs.readFileSync(result.manifest, 'utf8')) as Manifest & { outputs: Record<string, unknown> };
    const entries = result.templates.find((template) => template.template === 'ledger');
    expect(manifest.outputs.entryCounts).toEqual({ file: 'entry-counts.csv', entries: expect.any(Number), chains: CHAINS.length });
    expect((result.outputs as Record<string, unknown>).entryCounts).toEqual(manifest.outputs.entryCounts);
    // The ledger template writes one row per entry, or leaves a spam entry out.
    expect((manifest.outputs.entryCounts as { entries: number }).entries).toBe((entries?.rows ?? 0) + (entries?.omittedSpamRows ?? 0));
    expect(manifest.files.map((file) => file.path)).toEqual(
      expect.arrayContaining(['entry-counts.csv', 'prices-missing.csv', 'tieout.csv', 'gains.csv']),
    );
    // The balance series and the gains for review are the workspace's, kept in its run folder: in the results, not in the manifest.
    expect(Object.keys(manifest.outputs)).toEqual([
      'overrides',
      'missingPrices',
      'gains',
      'reportFigures',
      'gainsJournals',
      'review',
      'entryCounts',
      'tieout',
    ]);
    expect(Object.keys(result.outputs)).toEqual([
      'overrides',
      'missingPrices',
      'gains',
      'reportFigures',
      'gainsJournals',
      'gainsReview',
      'balanceSeries',
      'review',
      'entryCounts',
      'tieout',
    ]);
    expect(manifest.rules).toEqual([]);
    const series = JSON.parse(fs.readFileSync(path.join(dir, 'run', 'balance-series.json'), 'utf8')) as { series: unknown[] };
    expect(series.series.length).toBeGreaterThan(3);
    expect(result.outputs.balanceSeries?.series).toBe(series.series.length);
    const kept = JSON.parse(fs.readFileSync(path.join(dir, 'run', 'gains-review.json'), 'utf8')) as { rows: unknown[] };
    expect(result.outputs.gainsReview?.rows).toBe(kept.rows.length);
  });

  it("ends the tie-out with the sections the outputs before it give, after the templates'", () => {
    const sheet = fs.readFileSync(path.join(job.out, 'tieout.csv'), 'utf8').trimEnd().split('\n');
    const entries = (result.outputs as Record<string, { entries: number }>).entryCounts?.entries;
    expect(sheet.at(-1)).toBe(`entryCounts,,,,,,,entries,,${entries},,,,`);
    expect(sheet.filter((line) => line.startsWith('entryCounts,'))).toHaveLength(1);
    // The cost basis's pools tie before it (the gains output is earlier in the registry), after the templates' own
    // lines; the journal with lots' gains line (an output's, named after its template) comes after the pools.
    const journalGains = (line: string): boolean => line.startsWith('hledger,') && line.split(',')[7] === 'gains';
    const pools = sheet.findIndex((line) => line.startsWith('costbasis,'));
    expect(pools).toBeGreaterThan(sheet.findLastIndex((line) => line.startsWith('hledger,') && !journalGains(line)));
    expect(sheet.findIndex(journalGains)).toBeGreaterThan(pools);
    expect(result.outputs.tieout).toEqual({
      file: 'tieout.csv',
      xlsx: null,
      templates: ['ledger', 'koinly', 'hledger'],
      sections: ['gains', 'gainsJournals', 'entryCounts'],
      rows: sheet.length - 1,
    });
  });

  it('gives each output a result its own schema accepts', () => {
    for (const output of registry)
      expect([output.name, Value.Check(output.result, (result.outputs as Record<string, unknown>)[output.name])]).toEqual([
        output.name,
        true,
      ]);
  });

  it('writes the same outputs rendered in parts on threads as in one pass', async () => {
    const store = openSqliteStore(job.state);
    try {
      const chains = result.sync.chains;
      // The export's prices, from the cache it filled: the gains output values the legs its parts gathered.
      const oracle = openCachedPriceOracle(job.valuation as ValuationSettings, store);
      const questions = new PriceQueries();
      for (const entry of ledgerFromStore(store, job, chains)()) questions.add(entry);
      await oracle.prepareAssets(questions.assets());
      const prices: RowPrices = { currency: 'USD', priceAt: (query) => oracle.priceAt(query) };
      const templates = jobTemplates(job).filter((template) => template.name === 'ledger');
      const written = async (name: string, parts: boolean) => {
        const out = path.join(dir, name);
        const runFolder = path.join(dir, `${name}-run`);
        fs.mkdirSync(runFolder, { recursive: true });
        const pass = new OutputPass(registry, job);
        const ledger = ledgerFromStore(store, job, chains);
        await renderTemplates({
          entries: ledger,
          ...(parts ? { parts: ledgerParts(store, job, chains, { minRows: 0, threads: 3 }) } : {}),
          templates,
          outDir: out,
          context: { timezone: job.timezone },
          pass,
        });
        // A pass complete after the render reads nothing more: an empty ledger here would leave every count at 0.
        const finished = await finishOutputs(pass, () => [], { job, missing: null, prices, outDir: out, runFolder });
        return { files: filesIn(out), kept: filesIn(runFolder), results: finished.results };
      };
      const onePass = await written('one-pass', false);
      const inParts = await written('in-parts', true);
      expect(inParts).toEqual(onePass);
      expect((onePass.results as Record<string, { entries: number }>).entryCounts?.entries).toBeGreaterThan(0);
      expect(onePass.results.gains?.rows.gains).toBeGreaterThan(0);
    } finally {
      store.close();
    }
  }, 60_000);

  it("reads the ledger before the period in the render's pass, in parts or not, for what reading it after writes", async () => {
    const store = openSqliteStore(job.state);
    try {
      const whole = result.sync.chains;
      const start = Math.floor((WORLD_START + WORLD_END) / 2 / 86_400) * 86_400;
      const entries = [...ledgerFromStore(store, job, whole)()];
      // A period from the world's middle: each chain's blocks from its first entry then.
      const chains = whole.map((chain) => ({
        ...chain,
        fromBlock: entries.find((entry) => entry.chainId === chain.chainId && entry.timestamp >= start)?.blockNumber ?? chain.toBlock + 1,
      }));
      const cut: Job = { ...job, period: { ...job.period, from: day(start), startTime: start } };
      const oracle = openCachedPriceOracle(job.valuation as ValuationSettings, store);
      const questions = new PriceQueries();
      for (const entry of entries) questions.add(entry);
      await oracle.prepareAssets(questions.assets());
      const prices: RowPrices = { currency: 'USD', priceAt: (query) => oracle.priceAt(query) };
      const history = periodBounds(store, cut, chains).history;
      const templates = jobTemplates(job).filter((template) => template.name === 'ledger');
      // `cold`: the history's prices lack every key until settled (a first cost-basis export): the replay of the
      // history's packs ends early and runs again from them once they are settled.
      const written = async (name: string, parts: boolean, inPass: boolean, cold = false) => {
        const out = path.join(dir, name);
        const runFolder = path.join(dir, `${name}-run`);
        fs.mkdirSync(runFolder, { recursive: true });
        const pass = new OutputPass(registry, cut, inPass ? history : undefined);
        await renderTemplates({
          entries: ledgerFromStore(store, cut, chains),
          ...(parts ? { parts: ledgerParts(store, cut, chains, { minRows: 0, threads: 3 }) } : {}),
          templates,
          outDir: out,
          context: { timezone: job.timezone },
          pass,
        });
        // Read in the pass, the history is never read again.
        const entries = inPass ? () => [] as LedgerEntry[] : history;
        let missing = cold;
        const finished = await finishOutputs(pass, () => [], {
          job: cut,
          missing: null,
          prices: {
            currency: 'USD',
            priceAt: (query) => (missing && query.time < start ? { found: false, state: 'not found' } : prices.priceAt(query)),
          },
          history: {
            entries,
            missed: () => missing,
            settled: () => Promise.resolve(!missing || (missing = false)),
          },
          outDir: out,
          runFolder,
        });
        return { files: filesIn(out), kept: filesIn(runFolder), results: finished.results };
      };
      const after = await written('history-after', false, false);
      expect(after.results.gains?.rows.gains).toBeGreaterThan(0);
      expect(after.results.gains?.rows.lotsOpen).toBeGreaterThan(0);
      expect(chains.some((chain) => chain.fromBlock > 1 + (whole.find((one) => one.chainId === chain.chainId)?.fromBlock ?? 0))).toBe(true);
      expect(await written('history-in-pass', false, true)).toEqual(after);
      expect(await written('history-in-parts', true, true)).toEqual(after);
      expect(await written('history-in-parts-cold', true, true, true)).toEqual(after);
    } finally {
      store.close();
    }
  }, 90_000);
});

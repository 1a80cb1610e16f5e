import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { runCli } from '../../src/cli/main.js';
import type { Job } from '../../src/config/Job.js';
import { loadJob } from '../../src/config/loadJob.js';
import { RateLimiter } from '../../src/etherscan/RateLimiter.js';
import { jobTemplates } from '../../src/pipeline/jobTemplates.js';
import { ledgerFromStore } from '../../src/pipeline/ledgerFromStore.js';
import { ledgerParts } from '../../src/pipeline/ledgerParts.js';
import { openCacheReader } from '../../src/pipeline/openCacheReader.js';
import { openPriceOracle } from '../../src/pipeline/openPriceOracle.js';
import { periodBounds } from '../../src/pipeline/periodBounds.js';
import { deferValuation } from '../../src/pipeline/prepareValuation.js';
import type { PreparedValuation } from '../../src/pipeline/prepareValuation.js';
import { renderTiedOut } from '../support/renderTiedOut.js';
import { missingPrices } from '../../src/prices/missingPrices.js';
import { PriceQueries } from '../../src/prices/PriceQueries.js';
import { recordAnswers } from '../../src/prices/RecordedPrices.js';
import type { ValuationSettings } from '../../src/prices/ValuationSettings.js';
import { generateWorld } from '../../src/sandbox/generateWorld.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/startSandbox.js';
import { WORLD_END, WORLD_START } from '../../src/sandbox/worldSpan.js';
import { openSqliteStore } from '../../src/store/openSqliteStore.js';
import type { SqliteStore } from '../../src/store/SqliteStore.js';
import type { SyncedChain } from '../../src/sync/syncJob.js';
import { builtinTemplateNames } from '../../src/templates/templateCatalog.js';
import type { Template } from '../../src/templates/Template.js';
import { captureIo } from '../support/captureIo.js';
import { sandboxValuation } from '../support/sandboxValuation.js';
import { filesIn } from '../support/filesIn.js';
import { periodInstants } from '../../src/config/periodInstants.js';
import type { LedgerEntry } from '../../src/ledger/LedgerEntry.js';
import { priceQueryOf } from '../../src/prices/priceQueryOf.js';
import type { RowPrices } from '../../src/prices/valueLeg.js';

const day = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString().slice(0, 10);
const CHAINS = [1, 10, 42161];
// A CSV first (the render that collects), another CSV, and an hledger journal with the prices of the balance instants.
const TEMPLATES = ['ledger', 'ctc', 'hledger'];

/**
 * A valued export collects its price questions while its templates render from one read (no pass of its own over
 * the ledger) and prepares them after. Whatever the cache held, every file, the missing list and the counts must be
 * what a collecting pass followed by one `prepare` gives, and the price calls as few.
 */
describe('valuation deferred to the first render', () => {
  let dir: string;
  let sandbox: Sandbox;
  let job: Job;
  let chains: SyncedChain[];
  let templates: Template[];
  let settings: ValuationSettings;
  let reference: { files: Record<string, string>; prepared: PreparedValuation };
  const pacers = new Map<string, RateLimiter>();
  const pacerFor = (source: string): RateLimiter =>
    pacers.get(source) ?? (pacers.set(source, new RateLimiter(200)), pacers.get(source) as RateLimiter);
  // As the export asks them: the period's opening, and its closing at its last second (one instant, one price).
  const instants = (): number[] => periodInstants(job.period);
  const stateCopy = (name: string): string => {
    const file = path.join(dir, `${name}.db`);
    fs.copyFileSync(job.state, file);
    return file;
  };

  /** A collecting pass over the whole ledger and one prepare of its questions. */
  async function collectedAndPrepared(store: SqliteStore) {
    const queries = new PriceQueries();
    for (const entry of ledgerFromStore(store, job, chains)()) queries.add(entry);
    queries.addInstants(instants());
    const oracle = openPriceOracle(settings, store, { pacerFor });
    await oracle.prepareAssets(queries.assets());
    return { queries, oracle };
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-deferred-'));
    sandbox = await startSandbox({ world: generateWorld({ seed: 1, scale: 0.1, chains: CHAINS }), rate: 2000 });
    const flags = {
      address: sandbox.world.wallets.map((wallet) => wallet.address),
      chain: CHAINS,
      from: day(WORLD_START),
      to: day(WORLD_END - 1),
      template: TEMPLATES,
      out: path.join(dir, 'unvalued'),
      state: path.join(dir, 'state.db'),
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      rate: 2000,
      quiet: true,
    };
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
    job = loadJob({ flags, env: {}, knownTemplates: builtinTemplateNames(), cwd: dir });
    templates = jobTemplates(job);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'unvalued', 'manifest.json'), 'utf8')) as {
      blockRanges: Record<string, { fromBlock: number; toBlock: number }>;
    };
    chains = Object.entries(manifest.blockRanges).map(([chainId, range]) => ({ chainId: Number(chainId), ...range }));
    // EUR: the USD prices convert through ECB rates, which the cache reader loads too.
    settings = sandboxValuation(sandbox, { currency: 'EUR' });

    // What a collecting pass over the whole ledger and one prepare give, on a cold cache of its own.
    const store = openSqliteStore(stateCopy('reference'));
    try {
      const { queries, oracle } = await collectedAndPrepared(store);
      const prices = { currency: 'EUR', priceAt: oracle.priceAt.bind(oracle) };
      const render = {
        prices,
        forChains: (ids: readonly number[]) => ({ answers: recordAnswers(queries.assets(), prices, new Set(ids)) }),
      };
      const out = path.join(dir, 'reference');
      await renderTiedOut({
        entries: ledgerFromStore(store, job, chains),
        templates,
        period: periodBounds(store, job, chains),
        outDir: out,
        context: { timezone: job.timezone },
        valuation: render,
      });
      const stats = oracle.stats();
      reference = {
        files: filesIn(out),
        prepared: {
          render,
          missing: missingPrices(queries.assets(), prices),
          stats,
          questions: queries.size,
          unqueried: Object.fromEntries(queries.unqueried),
        },
      };
    } finally {
      store.close();
    }
  }, 120_000);
  afterAll(async () => {
    await sandbox.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A deferred export's render over `state`, in parts on two threads or in one pass; how often each template rendered. */
  async function deferredRender(state: string, out: string, inParts: boolean, order = templates, warmed = false) {
    const store = openSqliteStore(state);
    try {
      const deferred = deferValuation(
        openPriceOracle(settings, store, { pacerFor }),
        openCacheReader(settings, store),
        settings,
        job.period,
      );
      if (warmed) await deferred.warm(ledgerFromStore(store, job, chains));
      const split = ledgerParts(store, job, chains, { minRows: 0, threads: 2 });
      const ledger = ledgerFromStore(store, job, chains);
      let reads = 0;
      await renderTiedOut({
        entries: () => ((reads += 1), ledger()),
        parts: (template, valuation, pass) => (inParts ? split(template, valuation, pass) : null),
        templates: order,
        period: periodBounds(store, job, chains),
        outDir: out,
        context: { timezone: job.timezone },
        valuation: deferred,
      });
      return { prepared: deferred.prepared(), reads, files: filesIn(out) };
    } finally {
      store.close();
    }
  }

  const same = (prepared: PreparedValuation): unknown => ({
    missing: prepared.missing,
    questions: prepared.questions,
    unqueried: Object.entries(prepared.unqueried),
    hits: prepared.stats.cacheHits,
  });

  it('cold: renders every template again with the prepared prices, making the calls a collecting pass makes', async () => {
    const state = stateCopy('cold');
    const cold = await deferredRender(state, path.join(dir, 'cold'), true);
    expect(cold.files).toEqual(reference.files);
    expect(same(cold.prepared)).toEqual(same(reference.prepared));
    expect(reference.prepared.stats.calls).toBeGreaterThan(0);
    expect(cold.prepared.stats.calls).toBe(reference.prepared.stats.calls);
    expect(cold.prepared.stats.expectedCalls).toBe(reference.prepared.stats.expectedCalls);
    // Read three times: the cache lacked prices, so the pass's guesses were not kept; the questions were read and
    // prepared, and every template rendered again.
    expect(cold.reads).toBe(3);

    // Warm on the same store: one render of each template, no call, the same files in parts and in one pass.
    const warm = await deferredRender(state, path.join(dir, 'warm-parts'), true);
    expect(warm.files).toEqual(reference.files);
    expect(warm.prepared.stats.calls).toBe(0);
    expect(warm.prepared.missing).toEqual(reference.prepared.missing);
    expect(warm.prepared.questions).toBe(reference.prepared.questions);
    expect(Object.entries(warm.prepared.unqueried)).toEqual(Object.entries(reference.prepared.unqueried));
    expect(warm.reads).toBe(1);
    // Settled from the render's tallies, not prepared: the cache hits a prepare of the same questions counts.
    const store = openSqliteStore(state);
    try {
      const { oracle } = await collectedAndPrepared(store);
      expect(oracle.stats()).toMatchObject({ calls: 0, expectedCalls: 0 });
      expect(warm.prepared.stats).toEqual(oracle.stats());
    } finally {
      store.close();
    }
    const onePass = await deferredRender(state, path.join(dir, 'warm-one-pass'), false);
    expect(onePass.files).toEqual(reference.files);
    expect(onePass.reads).toBe(1);
    expect(same(onePass.prepared)).toEqual(same(warm.prepared));

    // A lone template reads in parts on threads, which tally their rows' prices themselves: cold, the questions are
    // read on this thread (the one read of `entries`) and the parts render again with the prepared prices.
    const ledgerOnly = templates.filter((template) => template.name === 'ledger');
    const lone = await deferredRender(stateCopy('lone'), path.join(dir, 'lone'), true, ledgerOnly);
    expect(lone.reads).toBe(1);
    expect(lone.files['ledger.csv']).toBe(reference.files['ledger.csv']);
    expect(same(lone.prepared)).toEqual(same(reference.prepared));
  }, 120_000);

  it('warmed before the render (as a cold sync does while it fetches receipts): one read renders every template, with the calls and figures of a collecting pass', async () => {
    const warmed = await deferredRender(stateCopy('warmed'), path.join(dir, 'warmed'), true, templates, true);
    expect(warmed.files).toEqual(reference.files);
    expect(warmed.reads).toBe(1);
    // The prices it read were this run's calls: as cold as the reference's prepare, not a hit each.
    expect(same(warmed.prepared)).toEqual(same(reference.prepared));
    expect(warmed.prepared.stats).toEqual(reference.prepared.stats);
  }, 120_000);

  it('prices the ledger before a later period as cost basis reads it, from a cache reader of its own: one read when the cache holds its keys, else one more after they are prepared', async () => {
    const middle = Math.floor((WORLD_START + WORLD_END) / 2);
    const later = { startTime: middle, endTime: job.period.endTime };
    const answerOf = (prices: RowPrices, entry: LedgerEntry): string => {
      const query = priceQueryOf(entry, entry.timestamp);
      return typeof query === 'string' ? query : JSON.stringify(prices.priceAt(query));
    };
    const store = openSqliteStore(stateCopy('history'));
    const referenceStore = openSqliteStore(stateCopy('history-reference'));
    try {
      const ledger = [...ledgerFromStore(store, job, chains)()];
      const history = ledger.filter((entry) => entry.timestamp < middle);
      expect(history.length).toBeGreaterThan(0);
      // The history's questions prepared on a cold cache of its own: the answers a replay must value it with.
      const questions = new PriceQueries();
      for (const entry of history) questions.add(entry);
      const oracle = openPriceOracle(settings, referenceStore, { pacerFor });
      await oracle.prepareAssets(questions.assets());
      const expected = history.map((entry) => answerOf({ currency: 'EUR', priceAt: (query) => oracle.priceAt(query) }, entry));

      /** The later period settled, then its history read as the gains output reads it: the entries pulled, and how many reads. */
      const replayed = async () => {
        const deferred = deferValuation(openPriceOracle(settings, store, { pacerFor }), openCacheReader(settings, store), settings, later);
        await deferred.settle(() => ledger.filter((entry) => entry.timestamp >= middle));
        let pulled = 0;
        function* counted(): Generator<LedgerEntry> {
          for (const entry of history) {
            pulled += 1;
            yield entry;
          }
        }
        const { prices, history: read } = deferred.withHistory(counted, middle, openCacheReader(settings, store));
        let reads = 0;
        let answers: string[];
        do {
          reads += 1;
          answers = [...read.entries()].map((entry) => answerOf(prices, entry));
        } while (!(await read.settled()));
        return { pulled, reads, answers };
      };
      // Its period priced, its history not: the replay's read is not final; the questions are read and prepared, and
      // the replay reads it again (a read cut short once a key is missed, when the history is longer).
      const cold = await replayed();
      expect(cold.reads).toBe(2);
      expect(cold.answers).toEqual(expected);
      expect(cold.pulled).toBeGreaterThanOrEqual(2 * history.length);
      expect(cold.pulled).toBeLessThanOrEqual(2 * history.length + 1023);
      // Now cached: read once, each entry once.
      const warm = await replayed();
      expect(warm).toEqual({ pulled: history.length, reads: 1, answers: expected });
    } finally {
      store.close();
      referenceStore.close();
    }
  }, 120_000);

  it('a journal first: rendered in the same pass as the others, from the cache, and again once prepared', async () => {
    const journalFirst = [...templates].sort((a, b) => (a.renderer === 'csv' ? 1 : 0) - (b.renderer === 'csv' ? 1 : 0));
    expect(journalFirst[0]?.renderer).not.toBe('csv');
    const result = await deferredRender(stateCopy('journal-first'), path.join(dir, 'journal-first'), true, journalFirst);
    // The tie-out lists the templates in the order rendered: the same lines, in another order.
    const { 'tieout.csv': sheet, ...files } = result.files;
    const { 'tieout.csv': referenceSheet, ...referenceFiles } = reference.files;
    expect(files).toEqual(referenceFiles);
    expect(sheet?.split('\n').sort()).toEqual(referenceSheet?.split('\n').sort());
    expect(result.prepared.stats.calls).toBe(reference.prepared.stats.calls);
    expect(same(result.prepared)).toEqual(same(reference.prepared));
    expect(result.reads).toBe(3);
  }, 120_000);
});

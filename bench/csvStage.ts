/**
 * The store-to-CSV stage alone, in its own process so that its peak RSS is its own (the sandbox's
 * world and the sync stay in the parent). Reads the input written by `runCsvStage`, renders the
 * `ledger` template and the outputs riding on its pass over `ledgerFromStore` as `runExport` does (in parts on worker threads for a large
 * ledger, unless `onePass`), from the SQLite state or a PostgreSQL book, prints one JSON line of `CsvStageFigures`. Build first (`npm run build`),
 * then run it by plain `node` as a user's export runs (under tsx each part's thread loads tsx too: `plainNode.ts`):
 *
 *   node --import tsx bench/plainNode.ts bench/csvStage.ts INPUT.json
 */
import fs from 'node:fs';
import os from 'node:os';
import type { Job } from '../src/config/Job.js';
import type { ChainBlocks } from '../src/pipeline/ledgerFromStore.js';
import type * as LedgerFromStore from '../src/pipeline/ledgerFromStore.js';
import type * as LedgerParts from '../src/pipeline/ledgerParts.js';
import type * as OpenStore from '../src/store/openSqliteStore.js';
import type * as OpenPostgresStore from '../src/store/postgres/openPostgresStore.js';
import type * as RenderTemplates from '../src/pipeline/renderTemplates.js';
import type * as TemplateCatalog from '../src/templates/templateCatalog.js';
import type * as PrepareValuation from '../src/pipeline/prepareValuation.js';
import type * as OpenPriceOracle from '../src/pipeline/openPriceOracle.js';
import type * as OpenCacheReader from '../src/pipeline/openCacheReader.js';
import type * as OutputPassModule from '../src/pipeline/OutputPass.js';
import type * as FinishOutputs from '../src/pipeline/finishOutputs.js';
import type * as PeriodBounds from '../src/pipeline/periodBounds.js';
import type * as Registry from '../src/outputs/registry.js';
import type { CsvStageFigures, CsvStageInput } from './runCsvStage.js';
import { markThreadCpu, threadCpuSince } from './threadCpu.js';

/**
 * The stage runs the built code (`dist/`, which `npm run bench` builds first), as the installed CLI does: from the
 * sources a part's thread would start through tsx's loader. `../dist/` names the build from `bench/` and from
 * `bench.tmp/`, where `plainNode.ts` puts this script compiled.
 */
const built = async <T>(module: string): Promise<T> => (await import(new URL(`../dist/${module}`, import.meta.url).href)) as T;
const { ledgerFromStore } = await built<typeof LedgerFromStore>('pipeline/ledgerFromStore.js');
const { ledgerParts } = await built<typeof LedgerParts>('pipeline/ledgerParts.js');
const { openSqliteStore } = await built<typeof OpenStore>('store/openSqliteStore.js');
const { openPostgresStore } = await built<typeof OpenPostgresStore>('store/postgres/openPostgresStore.js');
const { renderTemplates } = await built<typeof RenderTemplates>('pipeline/renderTemplates.js');
const { loadBuiltinTemplate } = await built<typeof TemplateCatalog>('templates/templateCatalog.js');
const { deferValuation } = await built<typeof PrepareValuation>('pipeline/prepareValuation.js');
const { openCachedPriceOracle } = await built<typeof OpenPriceOracle>('pipeline/openPriceOracle.js');
const { openCacheReader } = await built<typeof OpenCacheReader>('pipeline/openCacheReader.js');
const { OutputPass } = await built<typeof OutputPassModule>('pipeline/OutputPass.js');
const { finishOutputs } = await built<typeof FinishOutputs>('pipeline/finishOutputs.js');
const { periodBounds } = await built<typeof PeriodBounds>('pipeline/periodBounds.js');
const { OUTPUTS, outputsFor } = await built<typeof Registry>('outputs/registry.js');

const inputPath = process.argv[2];
if (inputPath === undefined) throw new Error('usage: csvStage.ts INPUT.json');
const input = JSON.parse(fs.readFileSync(inputPath, 'utf8')) as CsvStageInput;
const job = input.job as Job;
const chains: readonly ChainBlocks[] = input.chains;
const template = loadBuiltinTemplate('ledger');
// Modules loaded and compiled, nothing of the stage yet: the floor the stage's own memory sits on.
const rssBeforeBytes = process.memoryUsage().rss;

const sqlite = input.database === undefined ? openSqliteStore(input.state) : null;
const store = sqlite ?? openPostgresStore(input.database?.url ?? '', input.database?.book ?? '');
const cpuBefore = process.cpuUsage();
const threadsBefore = markThreadCpu();
const start = performance.now();
// As runExport values: prices read from the store's cache as rows are rendered, the questions prepared after (from
// the cache alone: the export before this stage filled it, and this process calls no source).
const settings = input.valued === true ? job.valuation : undefined;
const deferring =
  settings === undefined
    ? null
    : deferValuation(openCachedPriceOracle(settings, store), openCacheReader(settings, store), settings, job.period);
// The settling after the first render (the threads' questions merged, prepare, the missing list) runs on this thread alone.
let settleSeconds = 0;
const deferred: PrepareValuation.DeferredValuation | null =
  deferring === null
    ? null
    : {
        ...deferring,
        settle: async (entries, rendered) => {
          const settleStart = performance.now();
          const settled = await deferring.settle(entries, rendered);
          settleSeconds += (performance.now() - settleStart) / 1000;
          return settled;
        },
      };
// As runExport renders: cut by chain over the CPUs when the ledger is large enough (each part's thread opens the store
// again, an SQLite file or a PostgreSQL book), the
// outputs a CLI export writes (the overrides; the missing prices when valued; cost basis when the job asks for it,
// the ledger before the period read in the same pass for it) riding on the pass, finished after.
const lots = deferred !== null && settings !== undefined && job.costBasis !== undefined;
const history = lots ? periodBounds(store, job, chains).history : undefined;
const pass = new OutputPass(
  outputsFor(OUTPUTS, new Set([...(deferred === null ? [] : ['values' as const]), ...(lots ? ['lots' as const] : [])])),
  job,
  history,
);
const [result] = await renderTemplates({
  pass,
  ...(deferred === null ? {} : { valuation: deferred }),
  entries: ledgerFromStore(store, job, chains),
  ...(input.onePass === true ? {} : { parts: ledgerParts(store, job, chains) }),
  templates: [template],
  outDir: input.outDir,
  context: { timezone: job.timezone },
});
await finishOutputs(pass, ledgerFromStore(store, job, chains), {
  job,
  missing: deferred === null ? null : deferred.prepared().missing,
  ...(lots && history !== undefined ? deferred.withHistory(history, job.period.startTime, openCacheReader(settings, store)) : {}),
  outDir: input.outDir,
  runFolder: null,
});
const seconds = (performance.now() - start) / 1000;
// Every thread's CPU: the process's usage counts the worker threads too.
const cpu = process.cpuUsage(cpuBefore);
const threadCpuSeconds = threadCpuSince(threadsBefore);
store.close();
if (result === undefined || template.layout !== 'entry') throw new Error('the stage renders the entry-layout ledger template');
// The entry layout writes one row per entry, or counts it as an omitted spam row.
const entries = result.rows + result.omittedSpamRows;

const figures: CsvStageFigures = {
  entries,
  rows: result.rows,
  file: result.files.find((file) => file.endsWith('.csv')) ?? '',
  seconds,
  cpuSeconds: (cpu.user + cpu.system) / 1e6,
  // maxRSS is in kilobytes (Node docs); it is the whole process's peak, stage and module loading together.
  maxRssMb: (process.resourceUsage().maxRSS * 1024) / 2 ** 20,
  rssBeforeMb: rssBeforeBytes / 2 ** 20,
  loadAverage1m: os.loadavg()[0] ?? 0,
  ...(threadCpuSeconds === null ? {} : { threadCpuSeconds }),
  ...(deferred === null ? {} : { valuation: valuationFigures(deferred.prepared()) }),
};
process.stdout.write(`${JSON.stringify(figures)}\n`);

function valuationFigures(prepared: PrepareValuation.PreparedValuation): NonNullable<CsvStageFigures['valuation']> {
  const { stats, questions, missing } = prepared;
  return {
    questions,
    cacheHits: stats.cacheHits,
    expectedCalls: stats.expectedCalls,
    missingRows: missing.reduce((sum, one) => sum + one.rows, 0),
    settleSeconds,
  };
}

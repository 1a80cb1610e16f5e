/**
 * The store-to-CSV stage alone, in its own process so that its peak RSS is its own (the sandbox's
 * world and the sync stay in the parent). Reads the input written by `runCsvStage`, renders the
 * `ledger` template over `ledgerFromStore` as `runExport` does (in parts on worker threads for a large
 * ledger, unless `onePass`), from the SQLite state or a PostgreSQL book, prints one JSON line of `CsvStageFigures`. Build first (`npm run build`):
 *
 *   node --import tsx bench/csvStage.ts INPUT.json
 */
import fs from 'node:fs';
import type { Job } from '../src/config/Job.js';
import type { ChainBlocks } from '../src/pipeline/ledgerFromStore.js';
import type * as LedgerFromStore from '../src/pipeline/ledgerFromStore.js';
import type * as LedgerParts from '../src/pipeline/ledgerParts.js';
import type * as OpenStore from '../src/store/openSqliteStore.js';
import type * as OpenPostgresStore from '../src/store/postgres/openPostgresStore.js';
import type * as RenderTemplates from '../src/pipeline/renderTemplates.js';
import type * as TemplateCatalog from '../src/templates/templateCatalog.js';
import type * as PrepareValuation from '../src/pipeline/prepareValuation.js';
import type * as Money from '../src/ledger/money.js';
import type { PriceOracle } from '../src/prices/PriceOracle.js';
import type { CsvStageFigures, CsvStageInput } from './runCsvStage.js';

/**
 * The stage runs the built code (`dist/`, which `npm run bench` builds first), as the installed CLI does:
 * under tsx its worker thread would also load tsx and run a loader thread of its own, ≈ 40 MB of peak RSS
 * no user has.
 */
const built = async <T>(module: string): Promise<T> => (await import(new URL(`../dist/${module}`, import.meta.url).href)) as T;
const { ledgerFromStore } = await built<typeof LedgerFromStore>('pipeline/ledgerFromStore.js');
const { ledgerParts } = await built<typeof LedgerParts>('pipeline/ledgerParts.js');
const { openSqliteStore } = await built<typeof OpenStore>('store/openSqliteStore.js');
const { openPostgresStore } = await built<typeof OpenPostgresStore>('store/postgres/openPostgresStore.js');
const { renderTemplates } = await built<typeof RenderTemplates>('pipeline/renderTemplates.js');
const { loadBuiltinTemplate } = await built<typeof TemplateCatalog>('templates/templateCatalog.js');
const { prepareValuation } = await built<typeof PrepareValuation>('pipeline/prepareValuation.js');
const { Decimal } = await built<typeof Money>('ledger/money.js');

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
const start = performance.now();
const prepared = input.valued === true ? await prepareValuation(memoryOracle(), ledgerFromStore(store, job, chains)(), []) : null;
// As runExport renders: cut by chain over the CPUs when the ledger is large enough (SQLite only, for now).
const [result] = await renderTemplates({
  ...(prepared === null ? {} : { valuation: prepared.render }),
  entries: ledgerFromStore(store, job, chains),
  ...(sqlite === null || input.onePass === true ? {} : { parts: ledgerParts(sqlite, job, chains) }),
  templates: [template],
  outDir: input.outDir,
  context: { timezone: job.timezone },
});
const seconds = (performance.now() - start) / 1000;
// Every thread's CPU: the process's usage counts the worker threads too.
const cpu = process.cpuUsage(cpuBefore);
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
};
process.stdout.write(`${JSON.stringify(figures)}\n`);

/** Every question answered from memory (a price per chain and asset, one in seven "not found"), no call made. */
function memoryOracle(): PriceOracle {
  const price = new Decimal('1234.5678');
  return {
    prepare: () => Promise.resolve(),
    priceAt: (query) => (query.time % 7 === 0 ? { found: false, state: 'not found' } : { found: true, price, currency: 'USD', time: query.time - (query.time % 3600), source: 'defillama' }),
    stats: () => ({ currency: 'USD', sources: ['defillama'], calls: 0, expectedCalls: 0, cacheHits: 0 }),
  };
}

/**
 * The store-to-CSV stage alone, in its own process so that its peak RSS is its own (the sandbox's
 * world and the sync stay in the parent). Reads the input written by `runCsvStage`, renders the
 * `ledger` template over `ledgerFromStore`, prints one JSON line of `CsvStageFigures`.
 *
 *   node --import tsx bench/csvStage.ts INPUT.json
 */
import fs from 'node:fs';
import type { Job } from '../src/config/Job.js';
import type { LedgerEntry } from '../src/ledger/LedgerEntry.js';
import type { ChainBlocks } from '../src/pipeline/ledgerFromStore.js';
import { ledgerFromStore } from '../src/pipeline/ledgerFromStore.js';
import { openStore } from '../src/store/openStore.js';
import { renderTemplates } from '../src/templates/renderTemplates.js';
import { loadBuiltinTemplate } from '../src/templates/templateCatalog.js';
import type { CsvStageFigures, CsvStageInput } from './runCsvStage.js';

const inputPath = process.argv[2];
if (inputPath === undefined) throw new Error('usage: csvStage.ts INPUT.json');
const input = JSON.parse(fs.readFileSync(inputPath, 'utf8')) as CsvStageInput;
const job = input.job as Job;
const chains: readonly ChainBlocks[] = input.chains;
const template = loadBuiltinTemplate('ledger');
// Modules loaded and compiled, nothing of the stage yet: the floor the stage's own memory sits on.
const rssBeforeBytes = process.memoryUsage().rss;

const store = openStore(input.state);
let entries = 0;
const ledger = ledgerFromStore(store, job, chains);
const counted = function* (): Iterable<LedgerEntry> {
  for (const entry of ledger()) {
    entries += 1;
    yield entry;
  }
};
const cpuBefore = process.cpuUsage();
const start = performance.now();
const [result] = await renderTemplates({ entries: counted, templates: [template], outDir: input.outDir, context: { timezone: job.timezone } });
const seconds = (performance.now() - start) / 1000;
const cpu = process.cpuUsage(cpuBefore);
store.close();

const figures: CsvStageFigures = {
  entries,
  rows: result?.rows ?? 0,
  file: result?.files.find((file) => file.endsWith('.csv')) ?? '',
  seconds,
  cpuSeconds: (cpu.user + cpu.system) / 1e6,
  // maxRSS is in kilobytes (Node docs); it is the whole process's peak, stage and module loading together.
  maxRssMb: (process.resourceUsage().maxRSS * 1024) / 2 ** 20,
  rssBeforeMb: rssBeforeBytes / 2 ** 20,
};
process.stdout.write(`${JSON.stringify(figures)}\n`);

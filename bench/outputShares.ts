/**
 * Each output's share of the export's pass: the ledger read bare, then with one output's consumer fed each entry
 * (its cost the difference), then the `ledger` template rendered in one pass without and with every output riding
 * on it (as `runExport` does). The best of `REPEATS` runs each, on this thread alone. Takes the input `runCsvStage`
 * writes (kept with `--keep`):
 *
 *   node --import tsx bench/outputShares.ts DIR/csv-stage-input.json
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Job } from '../src/config/Job.js';
import type { AnyOutput } from '../src/outputs/Output.js';
import { OUTPUTS } from '../src/outputs/registry.js';
import { ledgerFromStore } from '../src/pipeline/ledgerFromStore.js';
import { OutputPass } from '../src/pipeline/OutputPass.js';
import { renderTemplates } from '../src/pipeline/renderTemplates.js';
import { openSqliteStore } from '../src/store/openSqliteStore.js';
import { loadBuiltinTemplate } from '../src/templates/templateCatalog.js';
import type { CsvStageInput } from './runCsvStage.js';

const REPEATS = 3;
const inputPath = process.argv[2];
if (inputPath === undefined) throw new Error('usage: outputShares.ts INPUT.json');
const input = JSON.parse(fs.readFileSync(inputPath, 'utf8')) as CsvStageInput;
const job = input.job as Job;
const store = openSqliteStore(input.state);
const ledger = ledgerFromStore(store, job, input.chains);
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-shares-'));

async function best(pass: () => unknown): Promise<number> {
  let fastest = Infinity;
  for (let run = 0; run < REPEATS; run += 1) {
    const start = performance.now();
    await pass();
    fastest = Math.min(fastest, (performance.now() - start) / 1000);
  }
  return fastest;
}

function walk(outputs: readonly AnyOutput[]): number {
  const pass = new OutputPass(outputs, job);
  pass.claim(1);
  let entries = 0;
  for (const entry of pass.tap(ledger())) if (entry !== null) entries += 1;
  pass.merged(() => []);
  return entries;
}

const render = (outputs: readonly AnyOutput[] | null) =>
  renderTemplates({
    entries: ledger,
    templates: [loadBuiltinTemplate('ledger')],
    outDir,
    context: { timezone: job.timezone },
    ...(outputs === null ? {} : { pass: new OutputPass(outputs, job) }),
  });

const entries = walk([]);
const bare = await best(() => walk([]));
const line = (label: string, seconds: number, of: number): string =>
  `${label.padEnd(34)} ${seconds.toFixed(3).padStart(7)} s  ${((seconds / entries) * 1e6).toFixed(2).padStart(6)} µs/entry  ${((seconds / of) * 100).toFixed(1).padStart(5)} %\n`;
const rendered = await best(() => render(null));
const withAll = await best(() => render(OUTPUTS));
process.stdout.write(`${entries.toLocaleString('en-US')} entries, best of ${REPEATS}\n`);
process.stdout.write(line('ledger read (store + rules)', bare, withAll));
for (const output of OUTPUTS) process.stdout.write(line(`+ ${output.name} consumer`, (await best(() => walk([output]))) - bare, withAll));
process.stdout.write(line('ledger template, one pass', rendered, withAll));
process.stdout.write(line('ledger template + every output', withAll, withAll));
fs.rmSync(outDir, { recursive: true, force: true });
store.close();

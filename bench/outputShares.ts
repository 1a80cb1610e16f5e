/**
 * Each output's share of the export's pass: every output's consumer fed the ledger's entries held in memory (its own
 * cost, apart from the read, which it shares), against the `ledger` template rendered in one pass over the store
 * (read, ledger and CSV) without and with every output riding on it, as `runExport` does. The best of `REPEATS` runs
 * each, on this thread alone (this machine's speed moves by tens of percent between minutes). Takes the input
 * `runCsvStage` writes (kept with `--keep`):
 *
 *   node --import tsx bench/outputShares.ts DIR/csv-stage-input.json [--json]
 *
 * `npm run bench` runs it after each size's store→CSV stage (`--json`: one line of `OutputShares`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Job } from '../src/config/Job.js';
import type { LedgerEntry } from '../src/ledger/LedgerEntry.js';
import type { LedgerRule } from '../src/ledger/LedgerRule.js';
import type { AnyOutput } from '../src/outputs/Output.js';
import { overridesOutput } from '../src/outputs/overridesOutput.js';
import { OUTPUTS } from '../src/outputs/registry.js';
import { ledgerFromStore } from '../src/pipeline/ledgerFromStore.js';
import { OutputPass } from '../src/pipeline/OutputPass.js';
import { renderTemplates } from '../src/pipeline/renderTemplates.js';
import { openSqliteStore } from '../src/store/openSqliteStore.js';
import { loadBuiltinTemplate } from '../src/templates/templateCatalog.js';
import type { CsvStageInput } from './runCsvStage.js';
import { fastestOf } from './fastestOf.js';
import type { OutputShare, OutputShares } from './measureOutputShares.js';

const REPEATS = 5;
const inputPath = process.argv[2];
if (inputPath === undefined) throw new Error('usage: outputShares.ts INPUT.json');
const input = JSON.parse(fs.readFileSync(inputPath, 'utf8')) as CsvStageInput;
const job = input.job as Job;
const store = openSqliteStore(input.state);
const ledger = ledgerFromStore(store, job, input.chains);
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-shares-'));

const best = (pass: () => unknown): Promise<number> => fastestOf(REPEATS, pass);

/** The output's consumer fed every entry, its state taken and merged as one part's. */
function feed(output: AnyOutput, entries: readonly LedgerEntry[], as: Job = job): void {
  const consumer = output.consumer(as, false);
  for (const entry of entries) consumer.add(entry);
  output.merge([consumer.state()]);
}

const render = (outputs: readonly AnyOutput[] | null) =>
  renderTemplates({
    entries: ledger,
    templates: [loadBuiltinTemplate('ledger')],
    outDir,
    context: { timezone: job.timezone },
    ...(outputs === null ? {} : { pass: new OutputPass(outputs, job) }),
  });

const entries = [...ledger()];
const rendered = await best(() => render(null));
const shares: OutputShare[] = [];
for (const output of OUTPUTS) shares.push({ name: output.name, seconds: await best(() => feed(output, entries)) });
// The bench's job has no rule and fetches no label: the overrides output then only passes entries by.
const ruled: Job = { ...job, apiLabels: true, rules: [{ id: 'bench' } as LedgerRule] };
shares.push({ name: 'overrides, a rule and labels on', seconds: await best(() => feed(overridesOutput, entries, ruled)) });
const figures: OutputShares = {
  entries: entries.length,
  repeats: REPEATS,
  passSeconds: rendered,
  shares,
  withAllSeconds: await best(() => render(OUTPUTS)),
};
if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(figures)}\n`);
else {
  const line = (label: string, seconds: number): string =>
    `${label.padEnd(34)} ${seconds.toFixed(3).padStart(7)} s  ${((seconds / entries.length) * 1e6).toFixed(2).padStart(6)} µs/entry  ${((seconds / rendered) * 100).toFixed(1).padStart(5)} % of the pass\n`;
  process.stdout.write(`${entries.length.toLocaleString('en-US')} entries, best of ${REPEATS}\n`);
  process.stdout.write(line('ledger template, one pass', rendered));
  for (const share of shares) process.stdout.write(line(`  ${share.name} consumer`, share.seconds));
  process.stdout.write(line('ledger template + every output', figures.withAllSeconds));
}
fs.rmSync(outDir, { recursive: true, force: true });
store.close();

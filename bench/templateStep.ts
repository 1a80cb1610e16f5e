/**
 * The template step of store → CSV alone, and what its tie-out tally costs of it: the ledger's entries held in
 * memory, then the `ledger` template's batches computed over them (`localCsvPart`: rows, cells, lines, tie-out,
 * no file), as is and with `TieTally` doing nothing, the best of `REPEATS` runs each on this thread. Takes the
 * input `runCsvStage` writes (kept with `--keep`):
 *
 *   node --import tsx bench/templateStep.ts DIR/csv-stage-input.json
 */
import fs from 'node:fs';
import type { Job } from '../src/config/Job.js';
import type { LedgerEntry } from '../src/ledger/LedgerEntry.js';
import { ledgerFromStore } from '../src/pipeline/ledgerFromStore.js';
import { openSqliteStore } from '../src/store/openSqliteStore.js';
import { localCsvPart } from '../src/templates/CsvPart.js';
import { loadBuiltinTemplate } from '../src/templates/templateCatalog.js';
import { TieTally } from '../src/templates/TieTally.js';
import type { CsvStageInput } from './runCsvStage.js';
import { fastestOf } from './fastestOf.js';

const REPEATS = 5;
const inputPath = process.argv[2];
if (inputPath === undefined) throw new Error('usage: templateStep.ts INPUT.json');
const input = JSON.parse(fs.readFileSync(inputPath, 'utf8')) as CsvStageInput;
const job = input.job as Job;
const store = openSqliteStore(input.state);
const entries: LedgerEntry[] = [...ledgerFromStore(store, job, input.chains)()];
store.close();
const template = loadBuiltinTemplate('ledger');

const best = (pass: () => unknown): Promise<number> => fastestOf(REPEATS, pass);

async function render(): Promise<void> {
  const part = localCsvPart(template, entries);
  while ((await part.next()) !== null);
}

const line = (label: string, seconds: number): string =>
  `${label.padEnd(36)} ${seconds.toFixed(3).padStart(7)} s  ${((seconds / entries.length) * 1e6).toFixed(2).padStart(6)} µs/entry\n`;
const whole = await best(render);
// The tally's every update (`add`, behind `entry`, `row`, `leftOut`, `netted`) made a no-op: what remains is the rest.
const prototype = TieTally.prototype as unknown as { add: () => void };
const add = prototype.add;
prototype.add = () => undefined;
const untallied = await best(render);
prototype.add = add;
process.stdout.write(`${entries.length.toLocaleString('en-US')} entries in memory, best of ${REPEATS}\n`);
process.stdout.write(line('ledger template batches', whole));
process.stdout.write(line('  without TieTally.add', untallied));
process.stdout.write(line('  TieTally.add (the difference)', whole - untallied));

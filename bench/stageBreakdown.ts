/**
 * Where the store-to-CSV stage spends its time: the same store read three times, each pass doing one more
 * step — the store's rows alone, then the ledger over them, then the `ledger` template written to CSV —
 * so each step's cost is the difference, in CPU seconds, the least of three runs each. Takes the input `runCsvStage` writes (kept with `--keep`).
 *
 *   node --import tsx bench/stageBreakdown.ts DIR/csv-stage-input.json
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { walletsOnChain } from '../src/config/walletsOnChain.js';
import type { Job } from '../src/config/Job.js';
import { ledgerFromStore } from '../src/pipeline/ledgerFromStore.js';
import { openSqliteStore } from '../src/store/openSqliteStore.js';
import { renderTemplates } from '../src/pipeline/renderTemplates.js';
import { loadBuiltinTemplate } from '../src/templates/templateCatalog.js';
import type { CsvStageInput } from './runCsvStage.js';

const REPEATS = 3;
const inputPath = process.argv[2];
if (inputPath === undefined) throw new Error('usage: stageBreakdown.ts INPUT.json');
const input = JSON.parse(fs.readFileSync(inputPath, 'utf8')) as CsvStageInput;
const job = input.job as Job;
const store = openSqliteStore(input.state);

/**
 * The least CPU time of `REPEATS` runs of `pass` (this process's, so the collector's helper threads count too): on
 * this shared host the wall clock of one run moved 3× between identical runs, its CPU time far less.
 */
async function timed(label: string, pass: () => number | Promise<number>): Promise<number> {
  let best = Infinity;
  let count = 0;
  for (let run = 0; run < REPEATS; run += 1) {
    const before = process.cpuUsage();
    count = await pass();
    const used = process.cpuUsage(before);
    best = Math.min(best, (used.user + used.system) / 1e6);
  }
  process.stdout.write(
    `${label.padEnd(22)} ${count.toLocaleString('en-US').padStart(10)} in ${best.toFixed(2)} CPU s = ${((best / count) * 1e6).toFixed(2)} µs each\n`,
  );
  return best;
}

function count(items: Iterable<unknown>): number {
  const iterator = items[Symbol.iterator]();
  let n = 0;
  while (iterator.next().done !== true) n += 1;
  return n;
}

const read = await timed('store rows read', () => {
  let rows = 0;
  for (const { chainId, fromBlock, toBlock } of input.chains) {
    const wallets = walletsOnChain(job.wallets, chainId).map((wallet) => wallet.address);
    rows += count(store.iterateRecords(chainId, wallets, fromBlock, toBlock));
  }
  return rows;
});
const ledger = await timed('+ ledger entries', () => count(ledgerFromStore(store, job, input.chains)()));
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerscan-breakdown-'));
const all = await timed('+ ledger.csv rows', async () => {
  const [result] = await renderTemplates({
    entries: ledgerFromStore(store, job, input.chains),
    templates: [loadBuiltinTemplate('ledger')],
    outDir,
    context: { timezone: job.timezone },
  });
  return result?.rows ?? 0;
});
fs.rmSync(outDir, { recursive: true, force: true });
store.close();
process.stdout.write(
  `CPU s: read ${read.toFixed(2)}, ledger ${(ledger - read).toFixed(2)}, template and CSV ${(all - ledger).toFixed(2)}\n`,
);

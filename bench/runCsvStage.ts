import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Job } from '../src/config/Job.js';
import type { ChainBlocks } from '../src/pipeline/ledgerFromStore.js';
import { plainNodeArgs } from './plainNode.js';

export interface CsvStageInput {
  state: string;
  job: Job;
  chains: ChainBlocks[];
  outDir: string;
  /** One pass on this thread, never in parts (as runExport renders a ledger below `PARTS_MIN_ROWS`). */
  onePass?: boolean;
  /** Read this book of a PostgreSQL database instead of the SQLite `state`. */
  database?: { url: string; book: string };
  /**
   * Valued as runExport values (the rows priced from the store's price cache as they render, their questions
   * prepared after, the value columns), the cache filled by the export before and no source called: the figure is
   * valuation's own cost on the stage when the prices are cached (the sources' calls are the prices bench's).
   */
  valued?: boolean;
}

export interface CsvStageFigures {
  /** Ledger entries that came out of `ledgerFromStore`. */
  entries: number;
  /** Rows written to the ledger CSV (header not counted). */
  rows: number;
  file: string;
  /** Wall time of `renderTemplates` over `ledgerFromStore`, store reads included. */
  seconds: number;
  /** CPU time of the same span (user + system), steadier than wall time on a shared machine. */
  cpuSeconds: number;
  /** Peak resident set of the whole child process. */
  maxRssMb: number;
  /** Resident set after loading modules, before the stage. */
  rssBeforeMb: number;
  /** The host's 1-minute load average at the stage's end: on a shared 2-CPU host the wall time follows it, not the code. */
  loadAverage1m: number;
  /**
   * Valued: distinct questions, buckets read from the cache, calls a source would have needed, rows left without a
   * value, and the wall time of the settling after the first render (this thread alone; part of `seconds`).
   */
  valuation?: { questions: number; cacheHits: number; expectedCalls: number; missingRows: number; settleSeconds: number };
  /** `cpuSeconds` by thread (Linux): the main thread, the parts' workers, V8's and libuv's helpers (`threadCpu.ts`). */
  threadCpuSeconds?: { main: number; ended: number; helpers: number };
}

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'csvStage.ts');

/** Runs `csvStage.ts` in a fresh plain `node` process over a synced store, as a user's export runs (`plainNode.ts`). */
export async function runCsvStage(input: CsvStageInput, workDir: string): Promise<CsvStageFigures> {
  const inputPath = path.join(workDir, 'csv-stage-input.json');
  // The key stays out of every file, the sandbox's too.
  fs.writeFileSync(inputPath, JSON.stringify({ ...input, job: { ...input.job, api: { ...input.job.api, apiKey: '' } } }));
  const { stdout } = await promisify(execFile)(process.execPath, plainNodeArgs(script, [inputPath]), { maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as CsvStageFigures;
}

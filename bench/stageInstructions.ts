/**
 * The instructions the store-to-CSV stage executes, counted by valgrind's callgrind: a figure that does not move
 * with this shared machine's speed, where the clock swings ±30 % between minutes and a valued run against an
 * unvalued one ranged from −12 % to +32 % in one hour (docs/performance.md, "Sixth round"). The collector's and
 * the compiler's instructions count too; what memory stalls cost does not.
 *
 * Each input runs twice under callgrind: as it is, and as its null twin (every chain's block range emptied, so
 * the process loads the same modules, opens the same store and renders nothing). The stage's own figure is the
 * difference. Runs take 60–100× their native time (a 66k-entry one pass ≈ 3 min), two at once. Build first
 * (`npm run build`); needs Debian's `valgrind`:
 *
 *   node --import tsx bench/stageInstructions.ts INPUT.json [INPUT.json …]
 *
 * Prints one JSON line per input: entries, instructions of the run and of its null twin, and the stage's own.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import pLimit from 'p-limit';
import type { CsvStageFigures, CsvStageInput } from './runCsvStage.js';

const inputs = process.argv.slice(2);
if (inputs.length === 0) throw new Error('usage: stageInstructions.ts INPUT.json [INPUT.json …]');
const script = new URL('csvStage.ts', import.meta.url).pathname;
/**
 * V8 compiles and collects on threads of its own, and valgrind runs one thread at a time: when the optimised code
 * arrives, and so how many instructions ran unoptimised, varied by 4 % between two counts of the same input.
 * Predictable mode does that work on the main thread at fixed points: two counts then differed by 0.3 %. The seeds
 * are fixed too, so that hash tables collide alike. The stage runs slower this way: the figure is the work, not the time.
 */
const PREDICTABLE = ['--predictable', '--hash-seed=1', '--random-seed=1'];

/** The run's instructions (callgrind's `Collected`) and the stage's own JSON line. */
async function counted(inputPath: string): Promise<{ instructions: number; figures: CsvStageFigures }> {
  const { stdout, stderr } = await promisify(execFile)(
    'valgrind',
    [
      '--tool=callgrind',
      '--smc-check=all-non-file',
      '--callgrind-out-file=/dev/null',
      process.execPath,
      ...PREDICTABLE,
      '--import',
      'tsx',
      script,
      inputPath,
    ],
    { maxBuffer: 1 << 24 },
  );
  const collected = /Collected : (\d+)/.exec(stderr);
  if (collected === null) throw new Error(`callgrind printed no count for ${inputPath}`);
  return { instructions: Number(collected[1]), figures: JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as CsvStageFigures };
}

/** The input with every chain's block range emptied, written beside it. */
function nullTwin(inputPath: string): string {
  const input = JSON.parse(fs.readFileSync(inputPath, 'utf8')) as CsvStageInput;
  const twin: CsvStageInput = {
    ...input,
    outDir: `${input.outDir}-null`,
    chains: input.chains.map((chain) => ({ ...chain, fromBlock: 0, toBlock: 0 })),
  };
  const twinPath = inputPath.replace(/\.json$/, '') + '.null.json';
  fs.writeFileSync(twinPath, JSON.stringify(twin));
  return twinPath;
}

// Every run queued at once, two at a time: the inputs' long runs overlap rather than follow each other.
const limit = pLimit(2);
const counts = inputs.map((inputPath) => Promise.all([limit(() => counted(inputPath)), limit(() => counted(nullTwin(inputPath)))]));
for (const [index, inputPath] of inputs.entries()) {
  const [run, empty] = await (counts[index] as (typeof counts)[number]);
  process.stdout.write(
    `${JSON.stringify({ input: inputPath, entries: run.figures.entries, valued: run.figures.valuation !== undefined, instructions: run.instructions, nullInstructions: empty.instructions, stageInstructions: run.instructions - empty.instructions })}\n`,
  );
}

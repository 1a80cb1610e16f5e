import path from 'node:path';
import type { CsvStageFigures, CsvStageInput } from './runCsvStage.js';
import { runCsvStage } from './runCsvStage.js';

/** The stage unvalued and valued, each the run of median wall time, and valuation's cost as the median of the pairs'. */
export interface StagePairs {
  unvalued: CsvStageFigures;
  valued: CsvStageFigures;
  /** valued ÷ unvalued wall − 1 of each pair, in the order run. */
  overheads: number[];
  /** The median of `overheads`. */
  overhead: number;
}

/**
 * The store→CSV stage unvalued then valued, `pairs` times in turn. This kind of shared machine changes speed by
 * ±30 % between minutes (docs/performance.md, "Sixth round"): one pair's ratio ranged from −12 % to +32 % within an
 * hour. A pair's two runs are minutes apart at most, so its ratio carries little of the drift, and the median of
 * several pairs drops a pair a slow minute split.
 */
export async function stagePairs(
  input: Omit<CsvStageInput, 'outDir' | 'valued'>,
  dir: string,
  pairs: number,
  onPair: (unvalued: CsvStageFigures, valued: CsvStageFigures) => void,
): Promise<StagePairs> {
  const unvalued: CsvStageFigures[] = [];
  const valued: CsvStageFigures[] = [];
  for (let pair = 0; pair < pairs; pair += 1) {
    unvalued.push(await runCsvStage({ ...input, outDir: path.join(dir, 'stage') }, dir));
    valued.push(await runCsvStage({ ...input, outDir: path.join(dir, 'stage-valued'), valued: true }, dir));
    onPair(unvalued.at(-1) as CsvStageFigures, valued.at(-1) as CsvStageFigures);
  }
  const overheads = valued.map((run, pair) => run.seconds / (unvalued[pair] as CsvStageFigures).seconds - 1);
  return { unvalued: medianRun(unvalued), valued: medianRun(valued), overheads, overhead: median(overheads) };
}

function medianRun(runs: readonly CsvStageFigures[]): CsvStageFigures {
  return [...runs].sort((a, b) => a.seconds - b.seconds)[Math.floor((runs.length - 1) / 2)] as CsvStageFigures;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

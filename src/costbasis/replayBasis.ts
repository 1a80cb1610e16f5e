import type { BasisLeg } from './BasisLeg.js';
import type { BasisReport } from './BasisReport.js';
import { BasisRun, type ReplayOptions } from './BasisRun.js';
import { GainRows } from './GainRows.js';

/**
 * The replay over `legs` with its gain rows kept (compact, made as they are read), for a reader that wants them after
 * it: one gain explained, the tests. An export hands them on as they are made instead (`BasisRun`, `GainStream`).
 */
export function replayBasis(legs: Iterable<BasisLeg>, options: ReplayOptions): BasisReport {
  const gains = new GainRows();
  const run = new BasisRun(options, gains);
  for (const leg of legs) run.add(leg);
  const outcome = run.end();
  gains.finish();
  return { ...outcome, gains };
}

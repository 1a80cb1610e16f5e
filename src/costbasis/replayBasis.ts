import type { BasisLeg } from './BasisLeg.js';
import type { BasisReport } from './BasisReport.js';
import { BasisRun, type ReplayOptions } from './BasisRun.js';
import { GainRows } from './GainRows.js';

/**
 * The replay over `legs` with its rows kept (the gain rows compact, made as they are read), for a reader that wants
 * them after it: one gain explained, the tests. An export hands them on as they are made instead (`BasisRun`,
 * `GainStream`).
 */
export function replayBasis(legs: Iterable<BasisLeg>, options: ReplayOptions): BasisReport {
  const gains = new GainRows();
  const report = { income: [] as BasisReport['income'], removals: [] as BasisReport['removals'], issues: [] as BasisReport['issues'] };
  const run = new BasisRun(options, gains, {
    income: (row) => void report.income.push(row),
    removal: (row) => void report.removals.push(row),
    issue: (issue) => void report.issues.push(issue),
  });
  for (const leg of legs) run.add(leg);
  const outcome = run.end();
  gains.finish();
  return { ...outcome, ...report, gains };
}

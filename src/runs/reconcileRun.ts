import path from 'node:path';
import { reconcileAlert } from '../alerts/alertFor.js';
import { describeFile } from './describeFile.js';
import { Type } from 'typebox';
import { RECONCILE_REPORT } from './reconcileReportResult.js';
import type { RunKind } from './RunKind.js';
import type { RunResult } from './RunResult.js';
import type { RunOptions } from './RunOption.js';
import { syncSummary } from './syncSummary.js';
import { Decimal } from '../ledger/money.js';
import { minorUnits } from '../prices/minorUnits.js';
import type { ReconcileRunResult } from '../pipeline/runReconcile.js';

/**
 * `differences`: the counted (not spam) assets whose ledger and chain balances differ. A valued run's holdings at the
 * period's close, summed exactly over the counted assets with a value (`holdingsUnvalued` have none): the books list's
 * holdings value. Absent from unvalued runs and runs stored before it.
 */
const HoldingsFigures = Type.Object({
  holdingsValue: Type.Optional(Type.String()),
  holdingsCurrency: Type.Optional(Type.String()),
  holdingsUnvalued: Type.Optional(Type.Integer()),
});
const reconcileRunSummary = Type.Intersect([
  Type.Object({ apiCalls: Type.Integer(), assets: Type.Integer(), differences: Type.Integer() }),
  HoldingsFigures,
]);

/** A reconcile's holdings value at its period's close, as its summary keeps it (absent: unvalued, or an older run). */
export const HOLDINGS_VALUE: RunResult<typeof HoldingsFigures> = {
  name: 'holdings value',
  place: { in: 'summary' },
  schema: HoldingsFigures,
};

/** The closing values of the counted (not spam) buckets summed, in their one currency; undefined unvalued (or mixed). */
function holdings(run: ReconcileRunResult): { holdingsValue: string; holdingsCurrency: string; holdingsUnvalued: number } | undefined {
  if (run.closingValues === undefined) return undefined;
  const counted = run.closingValues.filter((_, index) => run.result.buckets[index]?.bucket.spam === '');
  const valued = counted.flatMap((value) => (value.valued ? [value] : []));
  const currencies = new Set(valued.map((value) => value.answer.currency));
  const [currency] = currencies;
  if (currencies.size > 1) return undefined;
  const sum = valued.reduce((total, value) => total.plus(value.value), new Decimal(0));
  return {
    holdingsValue: sum.toFixed(currency === undefined ? 2 : minorUnits(currency)),
    holdingsCurrency: currency ?? '',
    holdingsUnvalued: counted.length - valued.length,
  };
}

const reconcileOptions = {
  historical: { type: 'boolean', default: true, describe: 'search the first divergent block with historical balances (API Pro)' },
} as const satisfies RunOptions;

const pipelineStep = () => import('../pipeline/runReconcile.js');

/** `reconcile`: the nightly check of the whole history against the chain's balances. */
export const reconcileRun = {
  name: 'reconcile',
  describe: 'sync, then compare the ledger with on-chain balances (exit 1 on any difference)',
  options: reconcileOptions,
  needs: { templates: false, period: true },
  summary: reconcileRunSummary,
  results: [RECONCILE_REPORT, HOLDINGS_VALUE],
  unattended: true,
  // A late-indexed record in a filed period is found the same night: one diff per closed period follows.
  schedule: { followedBy: (closedLabels) => closedLabels.map((label) => ({ kind: 'diff', label })) },
  async execute(job, values, steps) {
    const { runReconcile } = await pipelineStep();
    const run = await runReconcile(job, { ...steps, historical: values.historical === false ? 'off' : 'auto' });
    const differences = run.result.buckets.filter((bucket) => bucket.bucket.spam === '' && bucket.status === 'differs').length;
    return {
      status: run.result.allMatch ? 'succeeded' : 'differences',
      apiCalls: run.api.requests,
      summary: { apiCalls: run.api.requests, assets: run.result.buckets.length, differences, ...holdings(run) },
      files: async () => [
        await describeFile(job.out, path.basename(run.report.csvPath)),
        await describeFile(job.out, path.basename(run.report.jsonPath)),
      ],
      finding: run.result.allMatch ? null : { alert: (subject, now) => reconcileAlert(subject, run.result, now), fresh: true },
      text: () => `${syncSummary(run.sync, run.api)}\n${run.report.summary}\n`,
    };
  },
} as const satisfies RunKind<typeof reconcileRunSummary, typeof reconcileOptions>;

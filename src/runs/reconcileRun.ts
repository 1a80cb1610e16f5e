import path from 'node:path';
import { reconcileAlert } from '../alerts/alertFor.js';
import { describeFile } from './describeFile.js';
import { Type } from 'typebox';
import { RECONCILE_REPORT } from './reconcileReportResult.js';
import type { RunKind } from './RunKind.js';
import type { RunOptions } from './RunOption.js';
import { syncSummary } from './syncSummary.js';

/** `differences`: the counted (not spam) assets whose ledger and chain balances differ. */
const reconcileRunSummary = Type.Object({ apiCalls: Type.Integer(), assets: Type.Integer(), differences: Type.Integer() });

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
  results: [RECONCILE_REPORT],
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
      summary: { apiCalls: run.api.requests, assets: run.result.buckets.length, differences },
      files: async () => [
        await describeFile(job.out, path.basename(run.report.csvPath)),
        await describeFile(job.out, path.basename(run.report.jsonPath)),
      ],
      finding: run.result.allMatch ? null : { alert: (subject, now) => reconcileAlert(subject, run.result, now), fresh: true },
      text: () => `${syncSummary(run.sync, run.api)}\n${run.report.summary}\n`,
    };
  },
} as const satisfies RunKind<typeof reconcileRunSummary, typeof reconcileOptions>;

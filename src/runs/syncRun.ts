import { Type } from 'typebox';
import type { RunKind } from './RunKind.js';
import { syncSummary } from './syncSummary.js';

const syncRunSummary = Type.Object({ apiCalls: Type.Integer(), pages: Type.Integer(), rows: Type.Integer(), receipts: Type.Integer() });

const pipelineStep = () => import('../pipeline/runSync.js');

/** `sync`: the store up to the head of every chain, no files. */
export const syncRun = {
  name: 'sync',
  describe: 'bring the store up to the head of every chain, no files',
  options: {},
  needs: { templates: false, period: true },
  summary: syncRunSummary,
  results: [],
  unattended: false,
  schedule: {},
  async execute(job, _values, steps) {
    const { runSync } = await pipelineStep();
    const { sync, api } = await runSync(job, steps);
    return {
      status: 'succeeded',
      apiCalls: api.requests,
      summary: { apiCalls: api.requests, pages: sync.pages, rows: sync.rows, receipts: sync.receipts },
      files: () => Promise.resolve([]),
      finding: null,
      text: () => `${syncSummary(sync, api)}\n`,
    };
  },
} as const satisfies RunKind<typeof syncRunSummary>;

import { manifestFiles } from './describeFile.js';
import { exportSummary } from './exportSummary.js';
import type { RunKind } from './RunKind.js';
import type { ExportValuation } from '../pipeline/runExport.js';

const pipelineStep = () => import('../pipeline/runExport.js');

/** `export`: the job's period through its templates, with the manifest. */
export const exportRun = {
  load: pipelineStep,
  name: 'export',
  describe: 'sync the job and write its CSV files',
  options: {
    requireValues: {
      type: 'boolean',
      cliOnly: true,
      describe: 'exit 4 when rows that should have a value have none (a price source down): for cron and CI year-end runs',
    },
  },
  needs: { templates: true, period: true },
  unattended: false,
  schedule: {},
  async execute(job, _values, steps) {
    const { runExport } = await pipelineStep();
    const result = await runExport(job, steps);
    return {
      status: 'succeeded',
      apiCalls: result.api.requests,
      summary: {
        ...Object.fromEntries(result.templates.map((template) => [`rows.${template.template}`, template.rows])),
        apiCalls: result.api.requests,
        ...(result.valuation === null ? {} : valuationSummary(result.valuation)),
      },
      files: () => manifestFiles(job.out),
      finding: null,
      text: (cwd) => exportSummary(result, cwd),
    };
  },
} as const satisfies RunKind;

/** A valued export's figures for the run page and the summary: currency, price calls, cache hits, rows without a value. */
export function valuationSummary(valuation: ExportValuation): Record<string, string | number> {
  const { stats } = valuation;
  return {
    valueCurrency: stats.currency,
    priceCalls: stats.calls,
    expectedPriceCalls: stats.expectedCalls,
    priceCacheHits: stats.cacheHits,
    rowsWithoutValue: valuation.missingRows,
  };
}

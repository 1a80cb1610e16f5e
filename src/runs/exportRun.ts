import { runExport } from '../pipeline/runExport.js';
import { manifestFiles } from './describeFile.js';
import { exportSummary } from './exportSummary.js';
import type { RunKind } from './RunKind.js';

/** `export`: the job's period through its templates, with the manifest. */
export const exportRun = {
  name: 'export',
  describe: 'sync the job and write its CSV files',
  options: {},
  needs: { templates: true, period: true },
  unattended: false,
  schedule: {},
  async execute(job, _values, steps) {
    const result = await runExport(job, steps);
    return {
      status: 'succeeded',
      apiCalls: result.api.requests,
      summary: { ...Object.fromEntries(result.templates.map((template) => [`rows.${template.template}`, template.rows])), apiCalls: result.api.requests },
      files: () => manifestFiles(job.out),
      finding: null,
      text: (cwd) => exportSummary(result, cwd),
    };
  },
} as const satisfies RunKind;

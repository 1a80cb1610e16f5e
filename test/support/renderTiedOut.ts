import type { OutputJob } from '../../src/outputs/Output.js';
import { tieoutOutput } from '../../src/outputs/tieoutOutput.js';
import { finishOutputs } from '../../src/pipeline/finishOutputs.js';
import { OutputPass } from '../../src/pipeline/OutputPass.js';
import { renderTemplates, type RenderRequest, type TemplateResult } from '../../src/pipeline/renderTemplates.js';

/** Of the job, what the `tieout` output reads: whether it has a spreadsheet twin. */
const jobOf = (xlsx: boolean): OutputJob => ({
  rules: [],
  apiLabels: false,
  period: { from: '1970-01-01', to: '1970-01-01', startTime: 0, endTime: 86400 },
  timezone: 'UTC',
  xlsx,
});

/** The templates rendered and `tieout.csv` (its twin with `xlsx`) written after them by the `tieout` output, as an export does. */
export async function renderTiedOut(request: RenderRequest): Promise<TemplateResult[]> {
  const job = jobOf(request.xlsx === true);
  const pass = new OutputPass([tieoutOutput], job);
  const results = await renderTemplates({ ...request, pass });
  await finishOutputs(pass, request.entries, { job, missing: null, outDir: request.outDir, runFolder: null });
  return results;
}

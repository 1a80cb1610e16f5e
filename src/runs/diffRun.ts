import { changedSinceFiledAlert } from '../alerts/alertFor.js';
import { InputError } from '../errors/LedgerscanError.js';
import { CLOSING_BALANCES, closedPeriods, PERIOD_LABEL } from '../filing/FiledRecord.js';
import { describeFile, manifestFiles } from './describeFile.js';
import { Type } from 'typebox';
import { MISSING_PRICES_TABLE } from './exportResults.js';
import type { RunKind } from './RunKind.js';
import { csvFileResult, type RunResult } from './RunResult.js';
import type { RunOptions } from './RunOption.js';
import { syncSummary } from './syncSummary.js';

/** `changes`: the rows of the filed files a recalculation changes. */
const diffRunSummary = Type.Object({ apiCalls: Type.Integer(), label: Type.String(), changes: Type.Integer() });

const CheckedLabel = Type.Object({ label: Type.String() });

/** The closed period a diff checks, as asked (so a queued diff has it too). */
export const CHECKED_PERIOD: RunResult<typeof CheckedLabel> = { name: 'checked period', place: { in: 'request' }, schema: CheckedLabel };

/** Each row of the filed files that would change. */
export const DIFF_TABLE = csvFileResult('changes since filed', 'diff.csv');

const diffOptions = {
  label: {
    type: 'string',
    flag: 'since-filed',
    required: true,
    pattern: PERIOD_LABEL,
    describe: 'the closed period, e.g. 2025 (as `close` named it)',
    invalid: 'must name a closed period as close named it, e.g. "2025" or "2025-01-01_2025-06-30"',
  },
  filed: { type: 'string', cliOnly: true, describe: 'folder of filed periods (default: filed/ beside the state file)' },
  verify: { type: 'boolean', default: true, describe: 'fetch the period again to catch records the API indexed late' },
} as const satisfies RunOptions;

const pipelineStep = () => import('../pipeline/runDiffSinceFiled.js');

/** `diff --since-filed`: a closed period recomputed and compared, file by file, with what was filed. */
export const diffRun = {
  name: 'diff',
  describe: 'recompute a closed period and list what changed since it was filed (exit 1 when anything did)',
  options: diffOptions,
  needs: { templates: true, period: false },
  summary: diffRunSummary,
  results: [CHECKED_PERIOD, DIFF_TABLE, MISSING_PRICES_TABLE],
  unattended: true,
  filedPeriod(values, filedDir) {
    const label = values.label ?? '';
    const record = closedPeriods(filedDir).find((candidate) => candidate.label === label);
    if (record === undefined)
      throw new InputError(`label ${label} is not a closed period of this book (close it first)`, { details: { field: 'label' } });
    return { period: { from: record.period.from, to: record.period.to }, templates: [...record.templates] };
  },
  async execute(job, values, steps) {
    const { runDiffSinceFiled } = await pipelineStep();
    const run = await runDiffSinceFiled(job, { ...steps, label: values.label ?? '', verify: values.verify !== false });
    return {
      status: run.report.changed ? 'differences' : 'succeeded',
      apiCalls: run.export.api.requests,
      summary: {
        apiCalls: run.export.api.requests,
        label: run.diff.record.label,
        changes: run.diff.files.reduce((sum, file) => sum + file.changes.length, 0),
      },
      files: async () => [
        ...(await manifestFiles(job.out)),
        ...(await Promise.all([CLOSING_BALANCES, DIFF_TABLE.place.file, 'diff.json'].map((name) => describeFile(job.out, name)))),
      ],
      finding: run.report.changed
        ? { alert: (subject, now) => changedSinceFiledAlert(subject, run.diff, now), fresh: run.newSinceLastDiff }
        : null,
      text: () => `${syncSummary(run.export.sync, run.export.api)}\n${run.report.summary}\n`,
    };
  },
} as const satisfies RunKind<typeof diffRunSummary, typeof diffOptions>;

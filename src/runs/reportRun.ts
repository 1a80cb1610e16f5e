import path from 'node:path';
import { Type } from 'typebox';
import { InputError } from '../errors/LedgerscanError.js';
import { describeFile, manifestFiles } from './describeFile.js';
import { BALANCE_SERIES, EXPORT_MANIFEST, MISSING_PRICES_TABLE, TIEOUT_TABLE } from './exportResults.js';
import { exportSummary } from './exportSummary.js';
import { RECONCILE_REPORT } from './reconcileReportResult.js';
import type { RunKind } from './RunKind.js';
import type { RunOptions } from './RunOption.js';
import type { RunResult } from './RunResult.js';

/** `report`: the PDF's name; `gain` and `income` its totals in `currency`; `differences` the reconcile's. */
const reportRunSummary = Type.Object({
  apiCalls: Type.Integer(),
  report: Type.String(),
  currency: Type.String(),
  gain: Type.String(),
  income: Type.String(),
  differences: Type.Integer(),
});

const ReportFile = Type.Object({ report: Type.String() });

/** The year report a run wrote (one of its listed files): the book's summary page offers it. */
export const YEAR_REPORT: RunResult<typeof ReportFile> = { name: 'year report', place: { in: 'summary' }, schema: ReportFile };

const reportOptions = {
  client: {
    type: 'string',
    cliOnly: true,
    describe: "the client's name on the report (default: the wallets' labels; a workspace run names its book)",
  },
} as const satisfies RunOptions;

const pipelineStep = () => import('../pipeline/runYearReport.js');

/**
 * `report`: the period's export with cost basis and its reconcile, then `report-<period>.pdf` beside their files — the
 * client, holdings at both ends, income, realised gains, fees, open items, the reconciliation and every file's hash.
 */
export const reportRun = {
  name: 'report',
  describe: 'export with cost basis, reconcile, then write the PDF year report (report-2025.pdf) beside the files it summarises',
  options: reportOptions,
  needs: { templates: true, period: true },
  summary: reportRunSummary,
  results: [YEAR_REPORT, EXPORT_MANIFEST, RECONCILE_REPORT, TIEOUT_TABLE, MISSING_PRICES_TABLE, BALANCE_SERIES],
  unattended: false,
  preconditions(job, _values, place) {
    place.within('costBasis', () => {
      if (job.costBasis === undefined)
        throw new InputError(
          'costBasis: the year report needs cost basis; turn it on (--cost-basis fifo|lifo|hifo|average|uk, "costBasis" in the job file, or the book\'s cost basis)',
        );
    });
  },
  async execute(job, values, steps) {
    const { runYearReport } = await pipelineStep();
    const result = await runYearReport(job, { ...steps, client: values.client?.trim() || steps.client });
    const apiCalls = result.export.api.requests + result.reconcile.api.requests;
    const differences = result.reconcile.result.buckets.filter(({ bucket, status }) => bucket.spam === '' && status === 'differs').length;
    const name = path.basename(result.file);
    return {
      // As a reconcile's: the report is written all the same, and says which balances differ.
      status: differences === 0 ? 'succeeded' : 'differences',
      apiCalls,
      summary: {
        apiCalls,
        report: name,
        currency: result.figures.currency,
        gain: result.figures.gains.gain,
        income: result.figures.incomeTotal.value,
        differences,
      },
      files: async () => [
        ...(await manifestFiles(job.out)),
        await describeFile(job.out, path.basename(result.reconcile.report.csvPath)),
        await describeFile(job.out, path.basename(result.reconcile.report.jsonPath)),
        await describeFile(job.out, name),
      ],
      finding: null,
      text: (cwd) =>
        `${exportSummary(result.export, cwd)}${result.reconcile.report.summary}\n` +
        `year report: ${path.relative(cwd, result.file)} (gain ${result.figures.gains.gain} ${result.figures.currency}, income ${result.figures.incomeTotal.value} ${result.figures.currency}, ${differences} reconcile differences)\n`,
    };
  },
} as const satisfies RunKind<typeof reportRunSummary, typeof reportOptions>;

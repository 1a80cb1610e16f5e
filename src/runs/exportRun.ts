import { manifestFiles } from './describeFile.js';
import { exportSummary } from './exportSummary.js';
import { Type, type Static } from 'typebox';
import { BALANCE_SERIES, EXPORT_MANIFEST, GAINS_REVIEW, MISSING_PRICES_TABLE, TIEOUT_TABLE } from './exportResults.js';
import type { RunKind } from './RunKind.js';
import type { RunResult } from './RunResult.js';
import type { ExportValuation } from '../pipeline/runExport.js';

/**
 * A valued export's figures for the run page: currency, price calls made of those expected, cache hits, and the rows
 * without a value by why: no price (`rowsWithoutValue`), unknown decimals, spam (the last two absent on older runs).
 */
const ValuationSummary = Type.Object({
  valueCurrency: Type.String(),
  priceCalls: Type.Integer(),
  expectedPriceCalls: Type.Integer(),
  priceCacheHits: Type.Integer(),
  rowsWithoutValue: Type.Integer(),
  rowsUnknownDecimals: Type.Optional(Type.Integer()),
  rowsSpam: Type.Optional(Type.Integer()),
});

const BasisIssues = Type.Object({ basisIssues: Type.Optional(Type.Integer()) });

/** Rows per template as `rows.<template>`, the API calls, a valued export's figures, and its cost basis's issues when it computed one. */
const exportRunSummary = Type.Intersect([
  Type.Object({ apiCalls: Type.Integer() }),
  BasisIssues,
  Type.Partial(ValuationSummary),
  Type.Record(Type.TemplateLiteral('rows.${string}'), Type.Integer()),
]);

/** A valued run's figures, as its summary keeps them. */
export const VALUATION_FIGURES: RunResult<typeof ValuationSummary> = {
  name: 'valuation figures',
  place: { in: 'summary' },
  schema: ValuationSummary,
};

/** How many cost-basis issues (`costbasis-issues.csv` rows) the export found; absent when it computed no cost basis. */
export const BASIS_ISSUES: RunResult<typeof BasisIssues> = { name: 'cost-basis issues', place: { in: 'summary' }, schema: BasisIssues };

const pipelineStep = () => import('../pipeline/runExport.js');

/** `export`: the job's period through its templates, with the manifest. */
export const exportRun = {
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
  summary: exportRunSummary,
  results: [EXPORT_MANIFEST, TIEOUT_TABLE, MISSING_PRICES_TABLE, BALANCE_SERIES, GAINS_REVIEW, VALUATION_FIGURES, BASIS_ISSUES],
  unattended: false,
  schedule: {},
  async execute(job, values, steps) {
    const { runExport } = await pipelineStep();
    const result = await runExport(job, steps);
    const unvalued = result.valuation?.missingRows ?? 0;
    return {
      ...(values.requireValues === true && unvalued > 0
        ? { unmet: `${unvalued} rows that should have a value have none, and --require-values asks for every one` }
        : {}),
      status: 'succeeded',
      apiCalls: result.api.requests,
      summary: {
        ...Object.fromEntries(result.templates.map((template) => [`rows.${template.template}`, template.rows])),
        apiCalls: result.api.requests,
        ...(result.outputs.gains === undefined ? {} : { basisIssues: result.outputs.gains.rows.issues }),
        ...(result.valuation === null ? {} : valuationSummary(result.valuation)),
      },
      files: () => manifestFiles(job.out),
      finding: null,
      text: (cwd) => exportSummary(result, cwd),
    };
  },
} as const satisfies RunKind<typeof exportRunSummary>;

/** A valued export's figures for the run page and the summary: currency, price calls, cache hits, rows without a value by why. */
export function valuationSummary(valuation: ExportValuation): Static<typeof ValuationSummary> {
  const { stats } = valuation;
  return {
    valueCurrency: stats.currency,
    priceCalls: stats.calls,
    expectedPriceCalls: stats.expectedCalls,
    priceCacheHits: stats.cacheHits,
    rowsWithoutValue: valuation.missingRows,
    rowsUnknownDecimals: valuation.unqueried['unknown decimals'] ?? 0,
    rowsSpam: valuation.unqueried.spam ?? 0,
  };
}

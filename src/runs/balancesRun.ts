import path from 'node:path';
import { parseInstant } from '../config/parseInstant.js';
import { InputError } from '../errors/LedgerscanError.js';
import { describeFile } from './describeFile.js';
import { Type } from 'typebox';
import type { RunKind } from './RunKind.js';
import { csvFileResult, type RunResult } from './RunResult.js';
import type { RunOptions } from './RunOption.js';
import { syncSummary } from './syncSummary.js';

/** `at`: the instant stated, as the book's zone writes it. */
const balancesRunSummary = Type.Object({ apiCalls: Type.Integer(), at: Type.String(), assets: Type.Integer() });

const StatedAt = Type.Object({ at: Type.String() });

/** The instant a balances run stated the holdings at, in the book's zone. */
export const HOLDINGS_AT: RunResult<typeof StatedAt> = { name: 'instant stated', place: { in: 'summary' }, schema: StatedAt };

/** Every wallet's holdings at the instant, checked with the chain's history. */
export const BALANCES_TABLE = csvFileResult('balances', 'balances.csv');

const balancesOptions = {
  at: {
    type: 'string',
    required: true,
    describe: 'YYYY-MM-DD (end of that day) or YYYY-MM-DDTHH:MM[:SS][±HH:MM] in --timezone',
    invalid: 'must be a day or a wall time in the job\'s or book\'s time zone, e.g. "2025-12-31" or "2025-12-31T23:59:59"',
  },
  check: { type: 'boolean', default: true, describe: "compare with the API's historical balances (API Pro)" },
} as const satisfies RunOptions;

const pipelineStep = () => import('../pipeline/runBalances.js');

/** `balances --at`: every wallet's holdings at an instant (balances.csv), checked against the chain's history. */
export const balancesRun = {
  name: 'balances',
  describe:
    "sync, then state every wallet's holdings at an instant (balances.csv), checked with historical balances (exit 1 on any difference)",
  options: balancesOptions,
  needs: { templates: false, period: false },
  summary: balancesRunSummary,
  results: [HOLDINGS_AT, BALANCES_TABLE],
  unattended: false,
  span: (values, job) => `at ${values.at ?? ''} (${job.timezone})`,
  preconditions(job, values, place) {
    place.within('at', () => {
      const at = parseInstant(values.at ?? '', place.name('at'), job.timezone);
      if (at.time * 1000 > place.now.getTime())
        throw new InputError(`${place.name('at')} ${at.local} is in the future (state holdings at a past instant)`);
    });
  },
  async execute(job, values, steps, place) {
    const at = parseInstant(values.at ?? '', place.name('at'), job.timezone);
    const { runBalances } = await pipelineStep();
    const run = await runBalances(job, { ...steps, at, check: values.check === false ? 'off' : 'auto' });
    return {
      status: run.result.allMatch ? 'succeeded' : 'differences',
      apiCalls: run.api.requests,
      summary: { apiCalls: run.api.requests, at: at.local, assets: run.result.rows.length },
      files: async () => [await describeFile(job.out, path.basename(run.report.csvPath))],
      finding: null,
      text: () => `${syncSummary(run.sync, run.api)}\n${run.report.summary}\n`,
    };
  },
} as const satisfies RunKind<typeof balancesRunSummary, typeof balancesOptions>;

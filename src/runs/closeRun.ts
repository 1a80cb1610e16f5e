import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '../errors/LedgerscanError.js';
import { FILED_RECORD, periodLabel } from '../filing/FiledRecord.js';
import { describeFile } from './describeFile.js';
import { exportSummary } from './exportSummary.js';
import { Type } from 'typebox';
import { BALANCE_SERIES, MISSING_PRICES_TABLE, TIEOUT_TABLE } from './exportResults.js';
import type { RunKind } from './RunKind.js';
import type { RunOptions } from './RunOption.js';
import type { RunResult } from './RunResult.js';

/** `label`: the filed period's (`2025`, `2025-01-01_2025-06-30`), the folder its files are in. */
const closeRunSummary = Type.Object({ apiCalls: Type.Integer(), label: Type.String(), files: Type.Integer() });

const FILED_LABEL = Type.Object({ label: Type.String() });

/** The period a close filed: its runs' files are the filed folder's. */
export const FILED_PERIOD: RunResult<typeof FILED_LABEL> = { name: 'filed period', place: { in: 'summary' }, schema: FILED_LABEL };

const closeOptions = {
  filed: {
    type: 'string',
    cliOnly: true,
    describe: 'folder of filed periods (default: filed/ beside the state file); --out is not used',
  },
} as const satisfies RunOptions;

const pipelineStep = () => import('../pipeline/runClose.js');

/** `close`: files the period read-only, never overwritten: its export and closing balances. */
export const closeRun = {
  name: 'close',
  describe: 'file the period: its export and closing balances as a read-only snapshot that is never overwritten',
  options: closeOptions,
  needs: { templates: true, period: true },
  summary: closeRunSummary,
  results: [FILED_PERIOD, TIEOUT_TABLE, MISSING_PRICES_TABLE, BALANCE_SERIES],
  unattended: false,
  audited: 'period.closed',
  preconditions(job, _values, place) {
    const label = periodLabel(job.period);
    place.within('period', () => {
      if (fs.existsSync(path.join(place.filedDir, label))) {
        throw new InputError(
          `period ${label} is already closed; a filed period is never overwritten (see what changed since it was filed: ${place.suggest('diff', 'label', label)})`,
        );
      }
      if (job.period.endTime * 1000 > place.now.getTime()) {
        throw new InputError(
          `period ${label} has not ended yet (it ends ${new Date(job.period.endTime * 1000).toISOString()}); close it after that`,
        );
      }
    });
  },
  async execute(job, _values, steps) {
    const { runClose } = await pipelineStep();
    const closed = await runClose(job, steps);
    return {
      status: 'succeeded',
      apiCalls: closed.export.api.requests,
      summary: { apiCalls: closed.export.api.requests, label: closed.record.label, files: closed.record.files.length },
      // The run's files are the filed folder's, as filed.json lists them (downloads resolve there).
      files: async () => [
        ...closed.record.files.map((file) => ({ name: file.path, bytes: file.bytes, sha256: file.sha256 })),
        await describeFile(closed.dir, FILED_RECORD),
      ],
      finding: null,
      text: (cwd) =>
        `${exportSummary(closed.export, cwd)}closed ${closed.record.label}: ${closed.record.files.length} files filed read-only in ${path.relative(cwd, closed.dir) || '.'} (sha256 of each in filed.json)\n`,
    };
  },
} as const satisfies RunKind<typeof closeRunSummary, typeof closeOptions>;

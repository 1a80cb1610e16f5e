import type { Job } from '../../config/Job.js';
import type { JobFlags } from '../../config/JobFlags.js';
import { loadJob } from '../../config/loadJob.js';
import { readPriceFile } from '../../pipeline/readPriceFile.js';
import { readOpeningLots } from '../../pipeline/readOpeningLots.js';
import { createProgress } from '../../sync/progress.js';
import type { SyncProgress } from '../../sync/progress.js';
import { builtinTemplateNames } from '../../templates/templateCatalog.js';
import type { CliIo } from '../CliIo.js';
import { stderrLog } from '../CliIo.js';

/** What every job command (export, sync, reconcile) starts from. */
export interface JobCommandSetup {
  job: Job;
  progress: SyncProgress;
  /** Redacted client notes (retries) as timestamped lines on stderr, unless quiet. */
  log: (line: string) => void;
  command: string;
}

export function setUpJobCommand(
  flags: JobFlags,
  argv: readonly string[],
  io: CliIo,
  templatesRequired: boolean,
  periodRequired = true,
): JobCommandSetup {
  const job = loadJob({ flags, env: io.env, knownTemplates: builtinTemplateNames(), cwd: io.cwd, templatesRequired, periodRequired });
  // A malformed price file or opening lots file is refused before the first request, like every input problem (the run reads it again to value).
  if (job.valuation !== undefined) readPriceFile(job.valuation);
  readOpeningLots(job);
  return {
    job,
    progress: createProgress({ output: io.stderr, quiet: job.quiet, rate: job.api.rate, dailyQuota: job.api.dailyQuota }),
    log: stderrLog(io, job.quiet),
    command: ['ledgerscan', ...argv].join(' '),
  };
}

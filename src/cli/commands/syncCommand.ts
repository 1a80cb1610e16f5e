import type { JobFlags } from '../../config/JobFlags.js';
import { runSync } from '../../pipeline/runSync.js';
import type { CliIo } from '../CliIo.js';
import { setUpJobCommand } from './jobCommand.js';
import { syncSummary } from './syncSummary.js';

export async function syncCommand(flags: JobFlags, argv: readonly string[], io: CliIo, signal: AbortSignal): Promise<number> {
  const { job, progress, log, command } = setUpJobCommand(flags, argv, io, false);
  const { sync, api } = await runSync(job, { progress, log, command, signal });
  io.stdout.write(`${syncSummary(sync, api)}\n`);
  return 0;
}

import type { JobFlags } from '../../config/JobFlags.js';
import { runReconcile } from '../../pipeline/runReconcile.js';
import type { CliIo } from '../CliIo.js';
import { EXIT } from '../exitCode.js';
import { setUpJobCommand } from './jobCommand.js';
import { syncSummary } from './syncSummary.js';

export async function reconcileCommand(
  flags: JobFlags & { historical?: boolean },
  argv: readonly string[],
  io: CliIo,
  signal: AbortSignal,
): Promise<number> {
  const { job, progress, log, command } = setUpJobCommand(flags, argv, io, false);
  const run = await runReconcile(job, { progress, log, command, signal, historical: flags.historical === false ? 'off' : 'auto' });
  io.stdout.write(`${syncSummary(run.sync, run.api)}\n${run.report.summary}\n`);
  return run.result.allMatch ? EXIT.ok : EXIT.differences;
}

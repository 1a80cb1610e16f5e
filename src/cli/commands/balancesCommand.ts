import type { JobFlags } from '../../config/JobFlags.js';
import { parseInstant } from '../../config/parseInstant.js';
import { runBalances } from '../../pipeline/runBalances.js';
import type { CliIo } from '../CliIo.js';
import { EXIT } from '../exitCode.js';
import { setUpJobCommand } from './jobCommand.js';
import { syncSummary } from './syncSummary.js';

/** `ledgerscan balances --at …`: holdings at an instant into balances.csv; exit 1 when the chain disagrees. */
export async function balancesCommand(
  flags: JobFlags & { at?: string | undefined; check?: boolean | undefined },
  argv: readonly string[],
  io: CliIo,
  signal: AbortSignal,
): Promise<number> {
  const { job, progress, log, command } = setUpJobCommand(flags, argv, io, false, false);
  const at = parseInstant(flags.at, '--at', job.timezone);
  const run = await runBalances(job, { progress, log, command, signal, at, check: flags.check === false ? 'off' : 'auto' });
  io.stdout.write(`${syncSummary(run.sync, run.api)}\n${run.report.summary}\n`);
  return run.result.allMatch ? EXIT.ok : EXIT.differences;
}

import { changedSinceFiledAlert } from '../../alerts/alertFor.js';
import { alertSettingsFromEnv } from '../../alerts/AlertSettings.js';
import type { JobFlags } from '../../config/JobFlags.js';
import { InputError } from '../../errors/LedgerscanError.js';
import { runDiffSinceFiled } from '../../pipeline/runDiffSinceFiled.js';
import type { CliIo } from '../CliIo.js';
import { EXIT } from '../exitCode.js';
import { setUpJobCommand } from './jobCommand.js';
import { filedDirFlag } from './closeCommand.js';
import { alertSubject, sendAlert } from './sendAlert.js';
import { syncSummary } from './syncSummary.js';

/** `ledgerscan diff --since-filed LABEL`: exit 0 when the filed period still stands, 1 when a recalculation differs. */
export async function diffCommand(
  flags: JobFlags & { sinceFiled?: string | undefined; filed?: string | undefined; verify?: boolean | undefined },
  argv: readonly string[],
  io: CliIo,
  signal: AbortSignal,
): Promise<number> {
  const alerts = alertSettingsFromEnv(io.env);
  const { job, progress, log, command } = setUpJobCommand(flags, argv, io, true, false);
  if (flags.sinceFiled === undefined) throw new InputError('--since-filed is missing (name the closed period, e.g. --since-filed 2025)');
  const filedDir = filedDirFlag(flags.filed, job.state, io.cwd);
  const run = await runDiffSinceFiled(job, { progress, log, command, signal, filedDir, label: String(flags.sinceFiled), verify: flags.verify !== false });
  io.stdout.write(`${syncSummary(run.export.sync, run.export.api)}\n${run.report.summary}\n`);
  if (!run.report.changed) return EXIT.ok;
  if (!run.newSinceLastDiff) {
    if (alerts.webhook !== undefined || alerts.email !== undefined) io.stderr.write('no alert: the same changes as the last diff of this period\n');
    return EXIT.differences;
  }
  await sendAlert(changedSinceFiledAlert(alertSubject(flags.config, job), run.diff, new Date()), alerts, argv, io);
  return EXIT.differences;
}

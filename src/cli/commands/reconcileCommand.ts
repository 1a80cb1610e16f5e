import { reconcileAlert, runFailedAlert } from '../../alerts/alertFor.js';
import { alertSettingsFromEnv } from '../../alerts/AlertSettings.js';
import type { JobFlags } from '../../config/JobFlags.js';
import { runReconcile } from '../../pipeline/runReconcile.js';
import type { CliIo } from '../CliIo.js';
import { describeError, EXIT, exitCodeFor } from '../exitCode.js';
import { redactSecrets } from '../../secrets/redact.js';
import { setUpJobCommand } from './jobCommand.js';
import { alertSubject, sendAlert } from './sendAlert.js';
import { syncSummary } from './syncSummary.js';

export async function reconcileCommand(
  flags: JobFlags & { historical?: boolean },
  argv: readonly string[],
  io: CliIo,
  signal: AbortSignal,
): Promise<number> {
  // Read first: a nightly job whose alerts are half configured must not run silently.
  const alerts = alertSettingsFromEnv(io.env);
  const { job, progress, log, command } = setUpJobCommand(flags, argv, io, false);
  const subject = alertSubject(flags.config, job);
  try {
    const run = await runReconcile(job, { progress, log, command, signal, historical: flags.historical === false ? 'off' : 'auto' });
    io.stdout.write(`${syncSummary(run.sync, run.api)}\n${run.report.summary}\n`);
    if (run.result.allMatch) return EXIT.ok;
    await sendAlert(reconcileAlert(subject, run.result, new Date()), alerts, argv, io);
    return EXIT.differences;
  } catch (error) {
    const message = redactSecrets(describeError(error), argv, io.env);
    await sendAlert(runFailedAlert(subject, 'ledgerscan reconcile', message, exitCodeFor(error), new Date()), alerts, argv, io);
    throw error;
  }
}

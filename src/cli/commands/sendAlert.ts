import type { Alert } from '../../alerts/Alert.js';
import type { AlertSettings } from '../../alerts/AlertSettings.js';
import type { Job } from '../../config/Job.js';
import { deliverAlert } from '../../alerts/deliverAlert.js';
import type { CliIo } from '../CliIo.js';
import { redactSecrets } from '../../secrets/redact.js';

/** What an alert from the CLI is about: the job file, else the wallets' labels. */
export function alertSubject(config: string | undefined, job: Pick<Job, 'wallets'>): string {
  return config ?? job.wallets.map((wallet) => wallet.label).join(', ');
}

/** Delivers an alert; one stderr line per channel, also with `--quiet`: an alert that did not go out is what cron must mail. */
export async function sendAlert(alert: Alert, settings: AlertSettings, argv: readonly string[], io: CliIo): Promise<void> {
  for (const outcome of await deliverAlert(alert, settings)) {
    const line = `alert ${alert.kind} by ${outcome.channel}: ${outcome.delivered ? outcome.detail : `NOT delivered, ${outcome.detail}`}`;
    io.stderr.write(`${redactSecrets(line, argv, io.env)}\n`);
  }
}

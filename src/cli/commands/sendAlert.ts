import type { Alert } from '../../alerts/Alert.js';
import type { AlertSettings } from '../../alerts/AlertSettings.js';
import { deliverAlert } from '../../alerts/deliverAlert.js';
import type { CliIo } from '../CliIo.js';
import { redactSecrets } from '../redactSecrets.js';

/** Delivers an alert; one stderr line per channel, also with `--quiet`: an alert that did not go out is what cron must mail. */
export async function sendAlert(alert: Alert, settings: AlertSettings, argv: readonly string[], io: CliIo): Promise<void> {
  for (const outcome of await deliverAlert(alert, settings)) {
    const line = `alert ${alert.kind} by ${outcome.channel}: ${outcome.delivered ? outcome.detail : `NOT delivered, ${outcome.detail}`}`;
    io.stderr.write(`${redactSecrets(line, argv, io.env)}\n`);
  }
}

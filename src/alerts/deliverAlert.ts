import type { Alert } from './Alert.js';
import type { AlertSettings } from './AlertSettings.js';
import { sendEmail } from './sendEmail.js';
import { describeWebhookFailure, sendWebhook, type WebhookOptions } from './sendWebhook.js';

/** The outcome per channel: delivered, or why not. Nothing here throws: an alert never fails the run it reports. */
export interface AlertOutcome {
  readonly channel: 'webhook' | 'email';
  readonly delivered: boolean;
  readonly detail: string;
}

/** Sends the alert on every configured channel at once; one channel failing does not stop the other. */
export async function deliverAlert(
  alert: Alert,
  settings: AlertSettings,
  webhookTuning: Omit<WebhookOptions, 'url' | 'secret'> = {},
): Promise<AlertOutcome[]> {
  const sends: Promise<AlertOutcome>[] = [];
  if (settings.webhook) {
    sends.push(
      sendWebhook(alert, { ...webhookTuning, ...settings.webhook }).then(
        ({ attempts }) => ({
          channel: 'webhook',
          delivered: true,
          detail: `delivered after ${attempts} attempt${attempts === 1 ? '' : 's'}`,
        }),
        (error: unknown) => ({ channel: 'webhook', delivered: false, detail: describeWebhookFailure(error) }),
      ),
    );
  }
  if (settings.email) {
    const recipients = settings.email.to.length;
    sends.push(
      sendEmail(alert, settings.email).then(
        () => ({ channel: 'email', delivered: true, detail: `sent to ${recipients} recipient${recipients === 1 ? '' : 's'}` }),
        (error: unknown) => ({ channel: 'email', delivered: false, detail: error instanceof Error ? error.message : String(error) }),
      ),
    );
  }
  return Promise.all(sends);
}

import { InputError } from '../errors/LedgerscanError.js';

/** Where alerts go. Secrets come only from the environment, never from a job file or the workspace data. */
export interface AlertSettings {
  readonly webhook?: { readonly url: string; readonly secret: string };
  readonly email?: { readonly smtpUrl: string; readonly from: string; readonly to: readonly string[] };
}

export const ALERT_ENV = {
  webhookUrl: 'LEDGERSCAN_WEBHOOK_URL',
  webhookSecret: 'LEDGERSCAN_WEBHOOK_SECRET',
  smtpUrl: 'LEDGERSCAN_SMTP_URL',
  from: 'LEDGERSCAN_ALERT_FROM',
  to: 'LEDGERSCAN_ALERT_TO',
} as const;

/** A shorter secret is guessable enough to forge a signed alert. */
const MIN_SECRET_LENGTH = 16;
const EMAIL = /^[^\s@<>,]+@[^\s@<>,]+$/;

/**
 * Alert settings from the environment; none set means no alerts. A half-configured channel is refused with the
 * variable named, since a nightly job that silently alerts nobody is worse than one that does not start.
 */
export function alertSettingsFromEnv(env: NodeJS.ProcessEnv): AlertSettings {
  const value = (name: string): string | undefined => {
    const text = env[name]?.trim();
    return text === undefined || text === '' ? undefined : text;
  };
  const webhookUrl = value(ALERT_ENV.webhookUrl);
  const secret = value(ALERT_ENV.webhookSecret);
  const smtpUrl = value(ALERT_ENV.smtpUrl);
  const from = value(ALERT_ENV.from);
  const to = value(ALERT_ENV.to);
  const settings: { webhook?: NonNullable<AlertSettings['webhook']>; email?: NonNullable<AlertSettings['email']> } = {};

  if (webhookUrl !== undefined || secret !== undefined) {
    if (webhookUrl === undefined)
      throw new InputError(`${ALERT_ENV.webhookSecret} is set without ${ALERT_ENV.webhookUrl}; set the receiver's URL or unset the secret`);
    checkUrl(ALERT_ENV.webhookUrl, webhookUrl, ['http:', 'https:']);
    if (secret === undefined || secret.length < MIN_SECRET_LENGTH) {
      throw new InputError(
        `${ALERT_ENV.webhookSecret} must hold at least ${MIN_SECRET_LENGTH} characters to sign webhooks; e.g. openssl rand -hex 32`,
      );
    }
    settings.webhook = { url: webhookUrl, secret };
  }

  if (smtpUrl !== undefined || from !== undefined || to !== undefined) {
    if (smtpUrl === undefined)
      throw new InputError(
        `${ALERT_ENV.smtpUrl} is missing; set it to smtp://user:password@host:587 (or smtps://…:465) to send alert e-mail`,
      );
    checkUrl(ALERT_ENV.smtpUrl, smtpUrl, ['smtp:', 'smtps:']);
    if (from === undefined || !EMAIL.test(from))
      throw new InputError(`${ALERT_ENV.from} must be one e-mail address, e.g. ledgerscan@example.com`);
    const recipients = (to ?? '')
      .split(',')
      .map((address) => address.trim())
      .filter((address) => address !== '');
    const bad = recipients.find((address) => !EMAIL.test(address));
    if (recipients.length === 0 || bad !== undefined) {
      throw new InputError(
        `${ALERT_ENV.to} must be a comma-separated list of e-mail addresses${bad === undefined ? '' : `; "${bad.slice(0, 60)}" is not one`}`,
      );
    }
    settings.email = { smtpUrl, from, to: recipients };
  }
  return settings;
}

/** Names the variable, never echoes the value: SMTP and webhook URLs may carry credentials. */
function checkUrl(name: string, text: string, protocols: readonly string[]): void {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InputError(`${name} is not a URL; use ${protocols.map((p) => `${p}//…`).join(' or ')}`);
  }
  if (!protocols.includes(url.protocol)) throw new InputError(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
}

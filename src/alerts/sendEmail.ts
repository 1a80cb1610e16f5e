import { createTransport } from 'nodemailer';
import type { Alert } from './Alert.js';

export interface EmailOptions {
  readonly smtpUrl: string;
  readonly from: string;
  readonly to: readonly string[];
}

/** Sends the alert as a plain-text mail: the summary as subject, the details as indented JSON below it. */
export async function sendEmail(alert: Alert, options: EmailOptions): Promise<void> {
  const transport = createTransport(options.smtpUrl);
  try {
    await transport.sendMail({
      from: options.from,
      to: [...options.to],
      subject: `[ledgerscan] ${alert.subject}: ${alert.summary}`,
      text: `${alert.summary}\n\n${alert.kind} at ${alert.at}\n\n${JSON.stringify(alert.details, null, 2)}\n\nAlert id: ${alert.id}\n`,
      headers: { 'X-Ledgerscan-Alert': alert.kind },
    });
  } finally {
    transport.close();
  }
}

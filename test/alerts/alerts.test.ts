import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SMTPServer } from 'smtp-server';
import type { Alert } from '../../src/alerts/Alert.js';
import { alertSettingsFromEnv } from '../../src/alerts/AlertSettings.js';
import { deliverAlert } from '../../src/alerts/deliverAlert.js';
import { SIGNATURE_HEADER, signWebhook, verifyWebhook } from '../../src/alerts/webhookSignature.js';

const SECRET = 'a-webhook-secret-of-32-characters';
const alert: Alert = {
  id: 'alert-1',
  kind: 'reconcile-differences',
  at: '2026-01-02T02:30:00.000Z',
  subject: 'Acme GmbH',
  summary: '1 asset differs from the chain',
  details: { differences: [{ chainId: 1, asset: 'ETH', difference: '-0.000000000000000001' }] },
};
const fast = { backoffLimitMs: 20, timeoutMs: 2_000 };

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver that fails the first `failures` requests with `status`, then accepts; it records every request. */
async function receiver(failures: number, status = 503): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = received.length <= failures ? status : 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/ledgerscan`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('webhook alerts', () => {
  it('are signed so that the receiver can verify body and time, and a tampered body fails', async () => {
    const hook = await receiver(0);
    try {
      const outcomes = await deliverAlert(alert, { webhook: { url: hook.url, secret: SECRET } }, fast);
      expect(outcomes).toEqual([{ channel: 'webhook', delivered: true, detail: 'delivered after 1 attempt' }]);
      const [{ headers, body }] = hook.received as [Received];
      expect(JSON.parse(body)).toEqual(alert);
      expect(headers['content-type']).toBe('application/json');
      expect(headers['x-ledgerscan-delivery']).toBe('alert-1');
      const signature = headers[SIGNATURE_HEADER] as string;
      const now = Math.floor(Date.now() / 1000);
      expect(verifyWebhook(SECRET, body, signature, now)).toBe(true);
      expect(verifyWebhook(SECRET, body.replace('-0.0000', '-1.0000'), signature, now)).toBe(false);
      expect(verifyWebhook('another-secret-of-enough-length', body, signature, now)).toBe(false);
      expect(verifyWebhook(SECRET, body, signature, now + 3600)).toBe(false);
    } finally {
      await hook.close();
    }
  });

  it('are retried with backoff until the receiver accepts, the same alert id every time', async () => {
    const hook = await receiver(2, 503);
    try {
      const outcomes = await deliverAlert(alert, { webhook: { url: hook.url, secret: SECRET } }, fast);
      expect(outcomes).toEqual([{ channel: 'webhook', delivered: true, detail: 'delivered after 3 attempts' }]);
      expect(hook.received.map((r) => r.headers['x-ledgerscan-delivery'])).toEqual(['alert-1', 'alert-1', 'alert-1']);
      expect(
        hook.received.every((r) => verifyWebhook(SECRET, r.body, r.headers[SIGNATURE_HEADER] as string, Math.floor(Date.now() / 1000))),
      ).toBe(true);
    } finally {
      await hook.close();
    }
  });

  it('give up after the retries and say why, without throwing and without the URL', async () => {
    const hook = await receiver(100, 500);
    try {
      const outcomes = await deliverAlert(alert, { webhook: { url: `${hook.url}?token=s3cr3t`, secret: SECRET } }, { ...fast, retries: 2 });
      expect(outcomes).toEqual([{ channel: 'webhook', delivered: false, detail: 'the receiver answered HTTP 500' }]);
      expect(hook.received).toHaveLength(3);
    } finally {
      await hook.close();
    }
  });

  it('are not retried on a refusal that a retry cannot change (401)', async () => {
    const hook = await receiver(100, 401);
    try {
      const outcomes = await deliverAlert(alert, { webhook: { url: hook.url, secret: SECRET } }, fast);
      expect(outcomes[0]?.delivered).toBe(false);
      expect(hook.received).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });

  it('sign with the documented HMAC-SHA256 of "t.body" (a receiver in any language can check it)', () => {
    // computed independently: printf '1700000000.{}' | openssl dgst -sha256 -hmac a-webhook-secret-of-32-characters
    expect(signWebhook(SECRET, '{}', 1700000000)).toBe('t=1700000000,v1=32d1b535aac97721d824ca2814dcc2c469d9e7d948f796c85e38b1b71b8d4ecd');
    expect(verifyWebhook(SECRET, '{}', signWebhook(SECRET, '{}', 1700000000), 1700000100)).toBe(true);
    expect(verifyWebhook(SECRET, '{}', 't=1700000000,v1=zz', 1700000000)).toBe(false);
  });
});

describe('e-mail alerts', () => {
  const mails: { from: string; to: string[]; data: string }[] = [];
  let smtp: SMTPServer;
  let port: number;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let data = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => {
          data += chunk;
        });
        stream.on('end', () => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('reach every recipient through the SMTP server with the summary as subject', async () => {
    const settings = alertSettingsFromEnv({
      LEDGERSCAN_SMTP_URL: `smtp://127.0.0.1:${port}`,
      LEDGERSCAN_ALERT_FROM: 'ledgerscan@firm.example',
      LEDGERSCAN_ALERT_TO: 'books@firm.example, partner@firm.example',
    });
    const outcomes = await deliverAlert(alert, settings);
    expect(outcomes).toEqual([{ channel: 'email', delivered: true, detail: 'sent to 2 recipients' }]);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.from).toBe('ledgerscan@firm.example');
    expect(mails[0]?.to).toEqual(['books@firm.example', 'partner@firm.example']);
    expect(mails[0]?.data).toContain('Subject: [ledgerscan] Acme GmbH: 1 asset differs from the chain');
    expect(mails[0]?.data).toContain('-0.000000000000000001');
  });

  it('fail on their own when the server is unreachable, while the webhook still goes out', async () => {
    const hook = await receiver(0);
    try {
      const outcomes = await deliverAlert(
        alert,
        {
          webhook: { url: hook.url, secret: SECRET },
          email: { smtpUrl: 'smtp://127.0.0.1:1', from: 'a@b.example', to: ['c@d.example'] },
        },
        fast,
      );
      expect(outcomes.map((o) => [o.channel, o.delivered])).toEqual([
        ['webhook', true],
        ['email', false],
      ]);
      expect(hook.received).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });
});

describe('alert settings from the environment', () => {
  it('are empty when nothing is set', () => {
    expect(alertSettingsFromEnv({})).toEqual({});
  });

  it.each([
    [{ LEDGERSCAN_WEBHOOK_SECRET: SECRET }, /LEDGERSCAN_WEBHOOK_SECRET is set without LEDGERSCAN_WEBHOOK_URL/],
    [{ LEDGERSCAN_WEBHOOK_URL: 'https://hooks.example/x' }, /LEDGERSCAN_WEBHOOK_SECRET must hold at least 16 characters/],
    [{ LEDGERSCAN_WEBHOOK_URL: 'https://hooks.example/x', LEDGERSCAN_WEBHOOK_SECRET: 'short' }, /at least 16 characters/],
    [
      { LEDGERSCAN_WEBHOOK_URL: 'ftp://hooks.example/x', LEDGERSCAN_WEBHOOK_SECRET: SECRET },
      /LEDGERSCAN_WEBHOOK_URL must start with http:\/\/ or https:\/\//,
    ],
    [{ LEDGERSCAN_WEBHOOK_URL: 'not a url with-secret-inside', LEDGERSCAN_WEBHOOK_SECRET: SECRET }, /LEDGERSCAN_WEBHOOK_URL is not a URL/],
    [{ LEDGERSCAN_ALERT_TO: 'a@b.example' }, /LEDGERSCAN_SMTP_URL is missing/],
    [{ LEDGERSCAN_SMTP_URL: 'smtp://h:25', LEDGERSCAN_ALERT_TO: 'a@b.example' }, /LEDGERSCAN_ALERT_FROM must be one e-mail address/],
    [{ LEDGERSCAN_SMTP_URL: 'smtp://h:25', LEDGERSCAN_ALERT_FROM: 'x@y.example' }, /LEDGERSCAN_ALERT_TO must be a comma-separated list/],
    [
      { LEDGERSCAN_SMTP_URL: 'smtp://h:25', LEDGERSCAN_ALERT_FROM: 'x@y.example', LEDGERSCAN_ALERT_TO: 'a@b.example, nobody' },
      /"nobody" is not one/,
    ],
    [
      { LEDGERSCAN_SMTP_URL: 'http://user:pw@h', LEDGERSCAN_ALERT_FROM: 'x@y.example', LEDGERSCAN_ALERT_TO: 'a@b.example' },
      /LEDGERSCAN_SMTP_URL must start with smtp:\/\/ or smtps:\/\//,
    ],
  ] as [NodeJS.ProcessEnv, RegExp][])('refuse a half or wrong configuration with the variable named: %j', (env, message) => {
    expect(() => alertSettingsFromEnv(env)).toThrow(message);
    try {
      alertSettingsFromEnv(env);
    } catch (error) {
      expect((error as Error).message).not.toMatch(/pw@|with-secret-inside/);
      expect((error as { kind?: string }).kind).toBe('input');
    }
  });
});

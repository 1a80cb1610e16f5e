import ky, { HTTPError, TimeoutError } from 'ky';
import type { Alert } from './Alert.js';
import { SIGNATURE_HEADER, signWebhook } from './webhookSignature.js';

export interface WebhookOptions {
  readonly url: string;
  readonly secret: string;
  /** Retries after the first attempt; a receiver that is down for a minute still gets the alert. */
  readonly retries?: number;
  /** Upper bound of one backoff wait. */
  readonly backoffLimitMs?: number;
  readonly timeoutMs?: number;
  readonly now?: () => Date;
}

/** What the delivery took; `attempts` counts the first try. */
export interface Delivery {
  readonly attempts: number;
}

/**
 * POSTs the alert as JSON, signed with the shared secret (see `webhookSignature`), retried with exponential
 * backoff and jitter on network errors, timeouts, 408, 425, 429 and 5xx. The alert id travels in
 * `x-ledgerscan-delivery` so a receiver can drop a retried duplicate. Throws the last failure.
 */
export async function sendWebhook(alert: Alert, options: WebhookOptions): Promise<Delivery> {
  const body = JSON.stringify(alert);
  const now = options.now ?? (() => new Date());
  let attempts = 0;
  await ky.post(options.url, {
    body,
    timeout: options.timeoutMs ?? 10_000,
    headers: { 'content-type': 'application/json', 'x-ledgerscan-delivery': alert.id, 'user-agent': 'ledgerscan' },
    retry: {
      limit: options.retries ?? 5,
      methods: ['post'],
      statusCodes: [408, 425, 429, 500, 502, 503, 504],
      backoffLimit: options.backoffLimitMs ?? 60_000,
      jitter: true,
      retryOnTimeout: true,
    },
    hooks: {
      // Signed per attempt so that a late retry is not refused as a replay.
      beforeRequest: [
        (request) => {
          attempts += 1;
          request.headers.set(SIGNATURE_HEADER, signWebhook(options.secret, body, Math.floor(now().getTime() / 1000)));
        },
      ],
    },
  });
  return { attempts };
}

/** One line on a failed delivery, without the URL (it may carry a token). */
export function describeWebhookFailure(error: unknown): string {
  if (error instanceof HTTPError) return `the receiver answered HTTP ${error.response.status}`;
  if (error instanceof TimeoutError) return 'the receiver did not answer in time';
  return error instanceof Error ? error.message : String(error);
}

import type { KyInstance } from 'ky';
import type { EnvelopeClass } from './classifyEnvelope.js';
import { asRecord } from './answerShapes.js';

export type Retry = Extract<EnvelopeClass, { kind: 'retry' }>;

/** An HTTP answer, whatever its status. */
export interface HttpAnswer {
  kind: 'answer';
  status: number;
  contentType: string;
  text: string;
}

/** Errors that mean nothing listens at the URL's host and port (or fetch will never call it): retrying more than once only wastes time. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** One GET, body included, within `timeoutMs`; a transport failure becomes a retry, never a thrown error. */
export async function httpGet(http: KyInstance, url: string, timeoutMs: number): Promise<HttpAnswer | Retry> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await http.get(url, { signal: controller.signal });
    const text = await response.text();
    return { kind: 'answer', status: response.status, contentType: response.headers.get('content-type') ?? '', text };
  } catch (error) {
    if (controller.signal.aborted) return transportRetry('timeout', `no complete answer within ${timeoutMs} ms`);
    const code = transportCode(error);
    return transportRetry(
      (code !== undefined && UNREACHABLE_CODES.has(code)) || isBadPort(error) ? 'unreachable' : 'network',
      describeTransportError(error, code),
    );
  } finally {
    clearTimeout(timer);
  }
}

export function transportRetry(reason: 'network' | 'unreachable' | 'timeout', text: string): Retry {
  return { kind: 'retry', reason, text, longBackoff: false };
}

/**
 * fetch hides the useful part (ECONNRESET, ECONNREFUSED, …) in `cause`. Duck-typed, because
 * errors thrown by Node's fetch may come from another realm than our `Error`.
 */
function transportCode(error: unknown): string | undefined {
  const { code, cause } = asRecord(error);
  const inner = asRecord(cause);
  const found = code ?? inner['code'] ?? asRecord(asRecord(inner['errors'])[0])['code'];
  return typeof found === 'string' && found !== '' ? found : undefined;
}

/** fetch refuses some ports (6000, 6665, …: the WHATWG "bad port" list) before connecting, so no retry can help. */
function isBadPort(error: unknown): boolean {
  return asRecord(asRecord(error)['cause'])['message'] === 'bad port';
}

function describeTransportError(error: unknown, code: string | undefined): string {
  const { message, cause } = asRecord(error);
  const text = typeof message === 'string' ? message : String(error);
  const detail = code ?? asRecord(cause)['message'];
  return typeof detail === 'string' && detail !== '' ? `${text} (${detail})` : text;
}

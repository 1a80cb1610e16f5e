/**
 * Turns one raw HTTP answer of an Etherscan-compatible API into what the client should do with it.
 * Pure: no I/O, no clock. The order of checks follows docs/etherscan-api.md §3, because several
 * texts overlap (the daily-limit text also matches the generic rate-limit pattern, a V1 message
 * says "rate limit", key errors can come back with a blank result).
 */

/**
 * `network`, `unreachable` (connection refused, unknown host: nothing listens at the base URL) and `timeout`
 * come from the transport (no answer at all), never from this classifier.
 */
export type RetryReason =
  'rate-limit' | 'server-busy' | 'http' | 'html' | 'truncated' | 'unknown-transient' | 'network' | 'unreachable' | 'timeout';

export type ConfigurationReason =
  'invalid-key' | 'missing-key' | 'too-many-invalid-key-attempts' | 'unsupported-chain' | 'free-tier-chain' | 'invalid-address';

/**
 * The API does not serve this action here: an explorer that lacks it (Etherscan's "Missing Or invalid
 * Action name", Blockscout's "Unknown action"), a plan that does not include it (API Pro / Pro Plus),
 * or no API at this path (404). An optional feature is then unavailable; a required one cannot run.
 */
export type UnsupportedReason = 'unknown-action' | 'plan' | 'page-not-found';

export type BugReason = 'result-window' | 'deprecated-v1';

export type EnvelopeClass =
  | { kind: 'data'; result: unknown }
  | { kind: 'empty' }
  | { kind: 'notFound' }
  /** `longBackoff`: the server asks for minutes, not seconds (free tier throttled under load). */
  | { kind: 'retry'; reason: RetryReason; text: string; longBackoff: boolean }
  | { kind: 'dailyLimit'; text: string }
  | { kind: 'splitRange'; text: string }
  | { kind: 'configuration'; reason: ConfigurationReason; text: string }
  | { kind: 'unsupported'; reason: UnsupportedReason; text: string }
  | { kind: 'bug'; reason: BugReason; text: string }
  | { kind: 'unknown'; text: string };

export interface RawAnswer {
  httpStatus: number;
  /** The Content-Type header, or '' when absent. */
  contentType: string;
  bodyText: string;
  /** `module=proxy`: JSON-RPC answers are expected, a `null` result means "not found". */
  isProxy: boolean;
}

const EMPTY_MESSAGE = /no transactions? found|no records found|no data found/i;
const DAILY_LIMIT = /^max daily/i;
const V1_RATE_LIMIT = /switch to api v2/i;
const RATE_LIMIT = /max(imum)?( calls per sec)? rate limit reached/i;
const FREE_TIER_BUSY = /free api access is temporarily unavailable/i;
const SERVER_BUSY = /timeout occurred or server too busy/i;
const TRANSIENT_CODE = /temporary error.*error code 1000[123]/i;
const QUERY_TIMEOUT = /query timeout occ?urr?ed/i;

const CONFIGURATION: readonly (readonly [RegExp, ConfigurationReason])[] = [
  [/too many invalid api key attempts/i, 'too-many-invalid-key-attempts'],
  [/missing\/invalid api key/i, 'missing-key'],
  [/invalid api key/i, 'invalid-key'],
  [/missing or unsupported chainid/i, 'unsupported-chain'],
  [/free api access is not supported for this chain/i, 'free-tier-chain'],
  [/invalid address format/i, 'invalid-address'],
];

const UNSUPPORTED: readonly (readonly [RegExp, UnsupportedReason])[] = [
  [/missing or invalid action name/i, 'unknown-action'],
  [/^unknown (action|module)$/i, 'unknown-action'],
  [/api pro( plus)? endpoint/i, 'plan'],
];

const BUGS: readonly (readonly [RegExp, BugReason])[] = [
  [/result window is too large/i, 'result-window'],
  [/deprecated v1 endpoint/i, 'deprecated-v1'],
  [V1_RATE_LIMIT, 'deprecated-v1'],
];

export function classifyEnvelope(answer: RawAnswer): EnvelopeClass {
  const { httpStatus, contentType, bodyText, isProxy } = answer;
  const trimmed = bodyText.trim();

  // 1. Transport: the status alone decides only where the body cannot be an answer.
  const summary = (): string => pageTitle(trimmed) ?? firstLine(trimmed);
  if (httpStatus === 429) return retry('rate-limit', `HTTP 429 ${summary()}`);
  if (httpStatus >= 500 || httpStatus === 408) return retry('http', `HTTP ${httpStatus} ${summary()}`);
  if (httpStatus === 404) return { kind: 'unsupported', reason: 'page-not-found', text: `HTTP 404 ${summary()}` };

  // 2. JSON, judged by the body: some servers label JSON text/html, and HTML pages come with 200 too.
  let body: unknown;
  try {
    body = JSON.parse(trimmed);
  } catch {
    if (isHtml(contentType, trimmed)) return retry('html', `HTTP ${httpStatus} HTML page: ${summary()}`);
    if (/^page not found/i.test(trimmed)) return { kind: 'unsupported', reason: 'page-not-found', text: firstLine(trimmed) };
    if (trimmed === '' || trimmed.startsWith('{') || trimmed.startsWith('[')) {
      return retry('truncated', `HTTP ${httpStatus} incomplete JSON (${trimmed.length} chars)`);
    }
    return { kind: 'unknown', text: `HTTP ${httpStatus} ${trimmed}` };
  }
  // Blockscout answers an unknown action with HTTP 400 and an envelope whose message says so.
  if (httpStatus < 200 || httpStatus > 299) {
    const texts = isObject(body) ? [body['message'], body['result']].filter((text): text is string => typeof text === 'string') : [];
    return classifyUnsupported(texts) ?? { kind: 'unknown', text: `HTTP ${httpStatus} ${trimmed}` };
  }
  if (!isObject(body)) return { kind: 'unknown', text: trimmed };

  // 3. Proxy (JSON-RPC) vs standard shape; failures before dispatch use the standard one even for proxy.
  if (isProxy && 'jsonrpc' in body && !('status' in body)) return classifyJsonRpc(body, trimmed);
  if (typeof body['status'] !== 'string' || typeof body['message'] !== 'string' || !('result' in body)) {
    return { kind: 'unknown', text: trimmed };
  }
  const { status, message, result } = body as { status: string; message: string; result: unknown };

  // 4. Success, whatever the message says ("OK-Missing/Invalid API Key…" still carries valid data).
  if (status === '1') return isProxy && result === null ? { kind: 'notFound' } : { kind: 'data', result };

  // 5. Empty set: only an empty result together with an empty-set message ("NOTOK" + "" is a failure).
  if ((isEmptyArray(result) || result === '') && EMPTY_MESSAGE.test(message)) return { kind: 'empty' };

  const texts = typeof result === 'string' ? [result, message] : [message];
  return classifyText(texts, trimmed);
}

function classifyJsonRpc(body: Record<string, unknown>, raw: string): EnvelopeClass {
  const error = body['error'];
  if (isObject(error)) {
    const message = typeof error['message'] === 'string' ? error['message'] : '';
    return classifyText([message], raw);
  }
  if (!('result' in body)) return { kind: 'unknown', text: raw };
  return body['result'] === null ? { kind: 'notFound' } : { kind: 'data', result: body['result'] };
}

/** Steps 6–10 of the suggested order, over every text the answer carries. */
function classifyText(texts: readonly string[], raw: string): EnvelopeClass {
  const find = (pattern: RegExp): string | undefined => texts.find((text) => pattern.test(text));

  const daily = find(DAILY_LIMIT);
  if (daily !== undefined) return { kind: 'dailyLimit', text: daily };

  const rateLimit = find(RATE_LIMIT);
  if (rateLimit !== undefined && !V1_RATE_LIMIT.test(rateLimit)) return retry('rate-limit', rateLimit);
  const freeTierBusy = find(FREE_TIER_BUSY);
  if (freeTierBusy !== undefined) return { kind: 'retry', reason: 'server-busy', text: freeTierBusy, longBackoff: true };
  const busy = find(SERVER_BUSY);
  if (busy !== undefined) return retry('server-busy', busy);
  const transient = find(TRANSIENT_CODE);
  if (transient !== undefined) return retry('unknown-transient', transient);

  const timeout = find(QUERY_TIMEOUT);
  if (timeout !== undefined) return { kind: 'splitRange', text: timeout };

  for (const [pattern, reason] of CONFIGURATION) {
    const text = find(pattern);
    if (text !== undefined) return { kind: 'configuration', reason, text: texts.filter((t) => !/^(NOT)?OK$/i.test(t)).join(' / ') };
  }
  const unsupported = classifyUnsupported(texts);
  if (unsupported !== undefined) return unsupported;
  for (const [pattern, reason] of BUGS) {
    const text = find(pattern);
    if (text !== undefined) return { kind: 'bug', reason, text };
  }
  return { kind: 'unknown', text: raw };
}

function classifyUnsupported(texts: readonly string[]): EnvelopeClass | undefined {
  for (const [pattern, reason] of UNSUPPORTED) {
    const text = texts.find((candidate) => pattern.test(candidate.trim()));
    if (text !== undefined) return { kind: 'unsupported', reason, text: text.trim() };
  }
  return undefined;
}

function retry(reason: RetryReason, text: string): EnvelopeClass {
  return { kind: 'retry', reason, text: text.trim(), longBackoff: false };
}

function isHtml(contentType: string, body: string): boolean {
  return /text\/html/i.test(contentType) || body.startsWith('<');
}

function pageTitle(html: string): string | undefined {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.trim();
  return title === undefined || title === '' ? undefined : title;
}

function firstLine(text: string): string {
  return (text.split('\n', 1)[0] ?? '').slice(0, 200);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isEmptyArray(value: unknown): boolean {
  return Array.isArray(value) && value.length === 0;
}

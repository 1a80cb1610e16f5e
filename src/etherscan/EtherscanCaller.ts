import { setMaxListeners } from 'node:events';
import ky from 'ky';
import type { KyInstance } from 'ky';
import type { ErrorDetails } from '../errors/LedgerscanError.js';
import type { EnvelopeClass } from './classifyEnvelope.js';
import { classifyEnvelope } from './classifyEnvelope.js';
import type { ApiStats } from './EtherscanApi.js';
import { envelopeError } from './envelopeError.js';
import { ApiProtocolError, ApiUnavailableError, ApiUnreachableError, QueryTimeoutError } from './errors.js';
import type { Retry } from './httpGet.js';
import { httpGet, transportRetry } from './httpGet.js';
import type { KeyLimiter } from './KeyLimiter.js';
import type { RateLimiter } from './RateLimiter.js';
import { rateLimiterFor } from './RateLimiter.js';
import { DEFAULTS } from '../config/DEFAULTS.js';
import { redact } from '../secrets/redact.js';
import { sleep } from './sleep.js';

export interface CallerOptions {
  /** The full API URL, e.g. `https://api.etherscan.io/v2/api`. */
  baseUrl: string;
  apiKey: string;
  /** Calls per second allowed for this key (shared by every client of the key). */
  rate: number;
  /** Per attempt, body included. Above 30 s because a Query Timeout refusal takes about 30 s to arrive. */
  timeoutMs?: number;
  maxRetries?: number;
  /** Full-jitter exponential backoff: attempt n waits random × min(cap, base × 2ⁿ). */
  backoffBaseMs?: number;
  backoffCapMs?: number;
  fetch?: typeof globalThis.fetch;
  /** Receives one redacted line per retry. */
  log?: (line: string) => void;
  /** Defaults to the process-wide limiter of `apiKey`; a `PostgresRateLimiter` shares the key's rate across processes. */
  limiter?: KeyLimiter;
  /** Defaults to the process-wide limiter of `historicalRate` for the historical-balance endpoints; shares the `limiter` clock. */
  historicalLimiter?: RateLimiter;
  /** Calls per second of the historical-balance and name-tag endpoints; default Etherscan's 2 on every plan. */
  historicalRate?: number;
  now?: () => Date;
  /** Once aborted, a call still waiting for its send slot or backing off rejects with its reason: a stopped run sends nothing more. */
  signal?: AbortSignal;
}

/** Etherscan holds these (historical balances, name tags) to `historicalRate` (2 calls/s on every plan), on top of the plan's own rate. */
const HISTORICAL_ACTIONS = new Set(['balancehistory', 'tokenbalancehistory', 'getaddresstag', 'exportaddresstags']);
/** "timeout occurred or server too busy" this many times on one range: ask for a smaller range. */
const BUSY_ANSWERS_BEFORE_SPLIT = 3;

/** Retries after a refused connection or an unknown host: one, in case the server was just restarting. */
const UNREACHABLE_RETRIES = 1;

export type Params = readonly (readonly [string, string | number])[];
type Settled = Extract<EnvelopeClass, { kind: 'data' | 'empty' | 'notFound' }>;

/**
 * One Etherscan call and its attempts: every attempt (retries included) waits for the key's rate limiter,
 * is classified by `classifyEnvelope`, and either returns data, backs off and retries, or throws a typed
 * error from `./errors.ts`. ky runs with its own retries and HTTP errors off so that this one loop sees
 * every attempt. The API key appears only in the request URL.
 */
export class EtherscanCaller {
  readonly stats: ApiStats = { requests: 0, byAction: {}, retries: 0, rateLimited: 0 };
  readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly backoffBaseMs: number;
  private readonly backoffCapMs: number;
  private readonly limiter: KeyLimiter;
  private readonly historicalLimiter: RateLimiter;
  private readonly http: KyInstance;
  private readonly log: (line: string) => void;
  private readonly now: () => Date;
  private readonly signal: AbortSignal | undefined;

  constructor(options: CallerOptions) {
    this.baseUrl = options.baseUrl;
    this.apiKey = options.apiKey;
    this.timeoutMs = options.timeoutMs ?? 45_000;
    this.maxRetries = options.maxRetries ?? 8;
    this.backoffBaseMs = options.backoffBaseMs ?? 500;
    this.backoffCapMs = options.backoffCapMs ?? 30_000;
    this.limiter = options.limiter ?? rateLimiterFor(options.apiKey, options.rate);
    this.historicalLimiter =
      options.historicalLimiter ?? rateLimiterFor(`${options.apiKey}\u0000historical`, options.historicalRate ?? DEFAULTS.historicalRate);
    this.http = ky.create({
      retry: 0,
      throwHttpErrors: false,
      timeout: false,
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    });
    const log = options.log;
    this.log = log === undefined ? () => undefined : (line) => log(redact(line, this.apiKey));
    this.now = options.now ?? (() => new Date());
    this.signal = options.signal;
    // Every request in flight waits on this one signal (for its rate slot, its retry delay): dozens at a receipt
    // fetch's concurrency by design, not the leak Node's ten-listener warning looks for.
    if (options.signal !== undefined) setMaxListeners(0, options.signal);
  }

  /** The file an answer links to (it expires within minutes, so it is fetched at once); transport failures retried like calls. */
  download(link: string, details: ErrorDetails): Promise<string> {
    return this.withRetries(String(details['request']), details, async () => {
      const answer = await httpGet(this.http, link, this.timeoutMs);
      if (answer.kind === 'retry') return answer;
      return answer.status >= 200 && answer.status < 300
        ? answer.text
        : { kind: 'retry', reason: 'http', text: `HTTP ${answer.status}`, longBackoff: false };
    });
  }

  /** `splittable`: a block-range query, which a server that stays "too busy" wants smaller. */
  async call(
    chainId: number,
    module: string,
    action: string,
    params: Params,
    splittable = false,
    baseUrl = this.baseUrl,
  ): Promise<Settled> {
    const label = `${module}.${action}`;
    const details: ErrorDetails = { request: label, chainid: chainId, ...describe(params), baseUrl: this.redact(baseUrl) };
    const url = this.url(baseUrl, chainId, module, action, params);
    let busyAnswers = 0;
    const outcome = await this.withRetries(
      `${label} chainid=${chainId}`,
      details,
      async (attempt): Promise<Exclude<EnvelopeClass, Retry> | Retry> => {
        if (attempt > 0) this.stats.retries++;
        await this.limiter.acquire(this.signal, HISTORICAL_ACTIONS.has(action) ? this.historicalLimiter : undefined);
        this.stats.requests++;
        this.stats.byAction[label] = (this.stats.byAction[label] ?? 0) + 1;
        const answer = await httpGet(this.http, url, this.timeoutMs);
        if (answer.kind === 'retry') return answer;
        const classified = classifyEnvelope({
          httpStatus: answer.status,
          contentType: answer.contentType,
          bodyText: answer.text,
          isProxy: module === 'proxy',
        });
        if (classified.kind !== 'retry') return classified;
        if (classified.reason === 'rate-limit') this.stats.rateLimited++;
        if (classified.reason === 'server-busy' && !classified.longBackoff && splittable && ++busyAnswers === BUSY_ANSWERS_BEFORE_SPLIT) {
          throw new QueryTimeoutError(this.redact(classified.text), { ...details, busyAnswers });
        }
        return classified;
      },
    );
    if (outcome.kind === 'data' || outcome.kind === 'empty' || outcome.kind === 'notFound') return outcome;
    throw envelopeError(outcome, this.redact(outcome.text), chainId, details, this.now());
  }

  /**
   * Runs `attempt` until it gives something other than a retry, with backoff in between: at most `maxRetries`
   * retries, and one only when nothing listens at the URL (connection refused, unknown host).
   */
  private async withRetries<R>(label: string, details: ErrorDetails, attempt: (index: number) => Promise<R | Retry>): Promise<R> {
    let last: Retry = transportRetry('network', '');
    let attempts = 0;
    while (attempts <= this.maxRetries) {
      const outcome = await attempt(attempts);
      attempts += 1;
      if (!isRetry(outcome)) return outcome;
      last = outcome;
      if (attempts > (outcome.reason === 'unreachable' ? Math.min(UNREACHABLE_RETRIES, this.maxRetries) : this.maxRetries)) break;
      const delay = this.backoff(attempts - 1, outcome);
      this.log(`${label}: ${outcome.reason}: ${outcome.text}; retry ${attempts}/${this.maxRetries} in ${delay} ms`);
      await sleep(delay, this.signal);
    }
    if (last.reason === 'unreachable') throw new ApiUnreachableError(attempts, this.redact(`${last.reason}: ${last.text}`), details);
    throw new ApiUnavailableError(attempts, last.reason, this.redact(`${last.reason}: ${last.text}`), details);
  }

  unexpected(answer: Settled, chainId: number, label: string, expected: string): ApiProtocolError {
    const got = answer.kind === 'data' ? (JSON.stringify(answer.result) ?? 'undefined') : answer.kind;
    return new ApiProtocolError('unexpected-result', this.redact(got), {
      request: label,
      chainid: chainId,
      expected,
      baseUrl: this.redact(this.baseUrl),
    });
  }

  private backoff(attempt: number, retry: Retry): number {
    if (retry.longBackoff) return Math.round(this.backoffCapMs / 2 + (Math.random() * this.backoffCapMs) / 2);
    return Math.round(Math.random() * Math.min(this.backoffCapMs, this.backoffBaseMs * 2 ** attempt));
  }

  private url(baseUrl: string, chainId: number, module: string, action: string, params: Params): string {
    const query = new URLSearchParams([
      ['chainid', String(chainId)],
      ['module', module],
      ['action', action],
    ]);
    for (const [name, value] of params) query.append(name, String(value));
    // Last, so a truncated or logged URL loses the key first.
    query.append('apikey', this.apiKey);
    return `${baseUrl}${baseUrl.includes('?') ? '&' : '?'}${query.toString()}`;
  }

  redact(text: string): string {
    return redact(text, this.apiKey);
  }
}

/** Paging constants say nothing about what failed. */
const UNTOLD = new Set(['page', 'sort', 'tag']);

function describe(params: Params): ErrorDetails {
  return Object.fromEntries(params.filter(([name]) => !UNTOLD.has(name)));
}

function isRetry(value: unknown): value is Retry {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'retry';
}

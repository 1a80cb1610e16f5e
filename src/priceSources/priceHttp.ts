import { setTimeout as delay } from 'node:timers/promises';

/** Waits for a source's next send slot: an in-process `RateLimiter` or the database's shared one fits. */
export interface Pacer {
  acquire(signal?: AbortSignal): Promise<void>;
}

export type Fetched = { kind: 'ok'; body: string } | { kind: 'rate-limited' } | { kind: 'source failed'; reason: string };

export interface PriceHttpOptions {
  pacer: Pacer;
  /** Per attempt; an unreachable source fails within it, never hangs the export. */
  timeoutMs?: number;
  /** 429 answers retried before the batch is `rate-limited` (default 3), backing off from `backoffMs` doubling. */
  rateLimitRetries?: number;
  backoffMs?: number;
  signal?: AbortSignal | undefined;
}

type Attempt =
  { kind: 'ok'; body: string } | { kind: 'rate-limited'; retryAfterMs: number } | { kind: 'failed'; reason: string; retry: boolean };

/**
 * GETs for one price source: paced, a 429 backed off (Retry-After honoured up to 30 s) and retried a few
 * times, a 5xx or transport failure retried once. Reasons name the status or the transport failure only: never
 * the URL or the headers, which may hold a key.
 */
export class PriceHttp {
  calls = 0;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoffMs: number;

  constructor(private readonly options: PriceHttpOptions) {
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.retries = options.rateLimitRetries ?? 3;
    this.backoffMs = options.backoffMs ?? 500;
  }

  /** Set once a call ran out of retries: the rest of the run gets the same answer without a call (fail fast). */
  private given: Exclude<Fetched, { kind: 'ok' }> | undefined;

  /** Why the source gave up in this run, for the one log line; `undefined` while it answers. */
  get givenUp(): string | undefined {
    return this.given === undefined ? undefined : this.given.kind === 'rate-limited' ? 'rate-limited (HTTP 429)' : this.given.reason;
  }

  async get(url: string, headers: Readonly<Record<string, string>> = {}): Promise<Fetched> {
    if (this.given !== undefined) return this.given;
    const answer = await this.retried(url, headers);
    if (answer.kind !== 'ok') this.given = answer;
    return answer;
  }

  private async retried(url: string, headers: Readonly<Record<string, string>>): Promise<Fetched> {
    let limited = 0;
    let failed = 0;
    for (;;) {
      await this.options.pacer.acquire(this.options.signal);
      this.calls++;
      const answer = await this.attempt(url, headers);
      if (answer.kind === 'ok') return answer;
      if (answer.kind === 'rate-limited') {
        if (limited >= this.retries) return { kind: 'rate-limited' };
        await this.pause(Math.min(30_000, Math.max(answer.retryAfterMs, this.backoffMs * 2 ** limited)));
        limited++;
      } else {
        if (!answer.retry || failed >= 1) return { kind: 'source failed', reason: answer.reason };
        await this.pause(this.backoffMs);
        failed++;
      }
    }
  }

  private async pause(ms: number): Promise<void> {
    await delay(ms, undefined, this.options.signal === undefined ? {} : { signal: this.options.signal });
  }

  private async attempt(url: string, headers: Readonly<Record<string, string>>): Promise<Attempt> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = this.options.signal === undefined ? timeout : AbortSignal.any([timeout, this.options.signal]);
    try {
      const response = await fetch(url, { headers: { accept: 'application/json, text/xml', ...headers }, signal });
      const body = await response.text();
      if (response.status === 429)
        return { kind: 'rate-limited', retryAfterMs: Number(response.headers.get('retry-after') ?? 0) * 1000 || 0 };
      if (response.ok) return { kind: 'ok', body };
      return { kind: 'failed', reason: `HTTP ${response.status}`, retry: response.status >= 500 };
    } catch (error) {
      this.options.signal?.throwIfAborted();
      const reason = timeout.aborted ? `no answer within ${this.timeoutMs / 1000} s` : `unreachable (${transportCode(error)})`;
      return { kind: 'failed', reason, retry: true };
    }
  }
}

function transportCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === 'string' ? cause.code : 'network error';
}

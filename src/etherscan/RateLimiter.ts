import { InputError } from '../errors/LedgerscanError.js';
import { sleep } from './sleep.js';

export interface RateLimiterOptions {
  /** Milliseconds since some epoch; injected so tests can compute send times without waiting. */
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /**
   * Extra spacing as a fraction of 1/rate (default 0.02). Requests reach the server with a few ms
   * of jitter; sends spaced at exactly 1/rate could then land N+1 in one rolling second. 2% gives
   * every window 20 ms of slack at any rate.
   */
  headroom?: number;
}

/**
 * A token bucket of capacity 1 for one API key: sends are spaced at least 1000/rate ms apart
 * (plus a little headroom),
 * so a server counting N calls per rolling second never sees N+1, even after an idle spell
 * (a bigger bucket would allow a burst right after one).
 * It is a `KeyLimiter` by shape only: that interface names this class in `acquire`, and an `implements`
 * would make the two files import each other.
 *
 * Slots are handed out in call order. Acquire once per HTTP attempt, immediately before sending,
 * and never from inside work that itself waits on this limiter (a callback that acquires while
 * an outer caller holds a slot waiting on it deadlocks the queue, as with p-limit).
 */
export class RateLimiter {
  private nominalRate: number;
  private intervalMs: number;
  private readonly headroom: number;
  private nextSlot = Number.NEGATIVE_INFINITY;
  private readonly claims = new Set<{ rate: number }>();
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(rate: number, options: RateLimiterOptions = {}) {
    this.headroom = options.headroom ?? 0.02;
    this.nominalRate = checkedRate(rate);
    this.intervalMs = (1000 / this.nominalRate) * (1 + this.headroom);
    this.now = options.now ?? (() => performance.now());
    this.sleep = options.sleep ?? sleep;
  }

  /** Calls per second allowed (before headroom). */
  get rate(): number {
    return this.nominalRate;
  }

  /** Lowers the rate (never raises it): two users of one key must both be satisfied. */
  limitTo(rate: number): void {
    this.setRate(Math.min(this.nominalRate, checkedRate(rate)));
  }

  /**
   * Holds `rate` until the returned release is called: while claims are held the limiter runs at
   * the lowest of them, so concurrent runs on one key all stay within every run's rate, and a slow
   * run that has ended no longer slows the key for the rest of a long-lived process.
   */
  claim(rate: number): () => void {
    const claim = { rate: checkedRate(rate) };
    this.claims.add(claim);
    this.setRate(Math.min(...[...this.claims].map((held) => held.rate)));
    return () => {
      if (this.claims.delete(claim) && this.claims.size > 0) this.setRate(Math.min(...[...this.claims].map((held) => held.rate)));
    };
  }

  private setRate(rate: number): void {
    this.nominalRate = rate;
    this.intervalMs = (1000 / this.nominalRate) * (1 + this.headroom);
  }

  /**
   * Books the next free slot and returns its time (on the `now` clock); pure bookkeeping.
   * With `also`, the slot is free on both limiters and booked on both, so an endpoint with an
   * extra, tighter limit keeps both spacings (two separate waits could bunch sends up); `also`
   * must run on the same clock.
   */
  reserve(also?: RateLimiter): number {
    const slot = Math.max(this.now(), this.nextSlot, also?.nextSlot ?? Number.NEGATIVE_INFINITY);
    this.nextSlot = slot + this.intervalMs;
    if (also !== undefined) also.nextSlot = slot + also.intervalMs;
    return slot;
  }

  /** Resolves when the caller may send. An aborted wait keeps its slot used (conservative). */
  async acquire(signal?: AbortSignal, also?: RateLimiter): Promise<void> {
    signal?.throwIfAborted();
    const wait = this.reserve(also) - this.now();
    // Rounded up: timers fire on whole milliseconds and must never fire early.
    if (wait > 0) await this.sleep(Math.ceil(wait), signal);
  }
}

const registry = new Map<string, RateLimiter>();

/**
 * The one limiter of an API key, shared by every client and chain in this process (Etherscan
 * counts all chains, and all keys of an account, against one limit). A later, lower rate wins.
 */
export function rateLimiterFor(apiKey: string, rate: number): RateLimiter {
  const existing = registry.get(apiKey);
  if (existing !== undefined) {
    existing.limitTo(rate);
    return existing;
  }
  const limiter = new RateLimiter(rate);
  registry.set(apiKey, limiter);
  return limiter;
}

/**
 * The key's one limiter, held at `rate` (or lower, while other leases hold a lower rate) until
 * `release`: what a run in a long-lived process (the workspace server) uses, so that every run on
 * the key shares one pacing and no finished run's rate outlives it.
 */
export function leaseRateLimiter(apiKey: string, rate: number): { limiter: RateLimiter; release: () => void } {
  let limiter = registry.get(apiKey);
  if (limiter === undefined) {
    limiter = new RateLimiter(rate);
    registry.set(apiKey, limiter);
  }
  return { limiter, release: limiter.claim(rate) };
}

function checkedRate(rate: number): number {
  if (!Number.isFinite(rate) || rate <= 0) {
    throw new InputError(`invalid API rate ${rate}`, { details: { fix: 'give calls per second as a positive number, e.g. --rate 3' } });
  }
  return rate;
}

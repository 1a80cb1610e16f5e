import { InputError } from '../errors/LedgerscanError.js';
import { sleep } from './sleep.js';

export interface RateLimiterOptions {
  /** Milliseconds since some epoch; injected so tests can compute send times without waiting. */
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * A token bucket of capacity 1 for one API key: sends are spaced at least 1000/rate ms apart,
 * so a server counting N calls per rolling second never sees N+1, even after an idle spell
 * (a bigger bucket would allow a burst right after one).
 *
 * Slots are handed out in call order. Acquire once per HTTP attempt, immediately before sending,
 * and never from inside work that itself waits on this limiter (a callback that acquires while
 * an outer caller holds a slot waiting on it deadlocks the queue, as with p-limit).
 */
export class RateLimiter {
  private intervalMs: number;
  private nextSlot = Number.NEGATIVE_INFINITY;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(rate: number, options: RateLimiterOptions = {}) {
    this.intervalMs = intervalFor(rate);
    this.now = options.now ?? (() => performance.now());
    this.sleep = options.sleep ?? sleep;
  }

  get rate(): number {
    return 1000 / this.intervalMs;
  }

  /** Lowers the rate (never raises it): two users of one key must both be satisfied. */
  limitTo(rate: number): void {
    this.intervalMs = Math.max(this.intervalMs, intervalFor(rate));
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

function intervalFor(rate: number): number {
  if (!Number.isFinite(rate) || rate <= 0) {
    throw new InputError(`invalid API rate ${rate}`, { details: { fix: 'give calls per second as a positive number, e.g. --rate 3' } });
  }
  return 1000 / rate;
}

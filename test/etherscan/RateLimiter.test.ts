import { describe, expect, it } from '@jest/globals';
import { InputError } from '../../src/errors/LedgerscanError.js';
import { leaseRateLimiter, RateLimiter, rateLimiterFor } from '../../src/etherscan/RateLimiter.js';

/** A limiter on a hand-driven clock: `at(t)` moves time, `reserve()` books a send. */
function manual(rate: number): { limiter: RateLimiter; at: (t: number) => RateLimiter } {
  let now = 0;
  const limiter = new RateLimiter(rate, { now: () => now, headroom: 0 });
  return {
    limiter,
    at: (t) => {
      now = t;
      return limiter;
    },
  };
}

/** The most sends any half-open window [t, t + 1000) holds. */
function busiestSecond(sends: readonly number[]): number {
  return Math.max(...sends.map((start) => sends.filter((t) => t >= start && t < start + 1000).length));
}

describe('RateLimiter', () => {
  it('spaces simultaneous callers 1/rate apart, in call order', () => {
    const { at } = manual(4);
    expect([at(0).reserve(), at(0).reserve(), at(0).reserve(), at(0).reserve()]).toEqual([0, 250, 500, 750]);
  });

  it('allows no burst after an idle spell', () => {
    const { at } = manual(3);
    at(0).reserve();
    const afterIdle = [at(10_000).reserve(), at(10_000).reserve(), at(10_000).reserve()];
    expect(afterIdle[0]).toBe(10_000);
    expect(afterIdle[1]! - afterIdle[0]!).toBeCloseTo(1000 / 3);
    expect(afterIdle[2]! - afterIdle[1]!).toBeCloseTo(1000 / 3);
  });

  it('never lets a rolling second see more than rate sends, whatever the arrival pattern', () => {
    const { at } = manual(5);
    const sends: number[] = [];
    // Deterministic, irregular arrivals: bursts, gaps and stragglers.
    let t = 0;
    for (let i = 0; i < 400; i++) {
      t += [0, 0, 0, 13, 190, 0, 1300, 7, 0, 450][i % 10]!;
      sends.push(at(t).reserve());
    }
    for (let i = 1; i < sends.length; i++) expect(sends[i]! - sends[i - 1]!).toBeGreaterThanOrEqual(200 - 1e-9);
    expect(busiestSecond(sends)).toBeLessThanOrEqual(5);
  });

  it('books one joint slot for an endpoint under an extra, tighter limit', () => {
    const clock = (): number => 0;
    const main = new RateLimiter(10, { now: clock, headroom: 0 });
    const historical = new RateLimiter(2, { now: clock, headroom: 0 });
    const slots = [main.reserve(historical), main.reserve(), main.reserve(historical), main.reserve(), main.reserve(historical)];
    expect(slots).toEqual([0, 100, 500, 600, 1000]);
  });

  it('by default leaves 2% headroom, so 20 ms of arrival jitter per second cannot make N+1', () => {
    const limiter = new RateLimiter(3, { now: () => 0 });
    const sends = [limiter.reserve(), limiter.reserve(), limiter.reserve(), limiter.reserve()];
    expect(sends[1]).toBeCloseTo(340);
    expect(sends[3]! - sends[0]!).toBeCloseTo(1020);
  });

  it('acquire waits the booked time, rounded up to whole milliseconds', async () => {
    const waits: number[] = [];
    const limiter = new RateLimiter(3, { now: () => 1000, sleep: async (ms) => void waits.push(ms), headroom: 0 });
    await Promise.all([limiter.acquire(), limiter.acquire(), limiter.acquire()]);
    expect(waits).toEqual([334, 667]);
  });

  it('acquire rejects when its signal aborts, and frees the timer', async () => {
    const limiter = new RateLimiter(0.001);
    await limiter.acquire();
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal);
    controller.abort(new Error('stopped'));
    await expect(waiting).rejects.toThrow('stopped');
    await expect(limiter.acquire(controller.signal)).rejects.toThrow('stopped');
  });

  it('refuses a rate that is not a positive number', () => {
    for (const rate of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => new RateLimiter(rate)).toThrow(InputError);
  });
});

describe('rateLimiterFor', () => {
  it('shares one limiter per key, and the lower rate wins', () => {
    const first = rateLimiterFor('key-shared-test', 5);
    expect(rateLimiterFor('key-shared-test', 10)).toBe(first);
    expect(first.rate).toBeCloseTo(5);
    rateLimiterFor('key-shared-test', 2);
    expect(first.rate).toBeCloseTo(2);
    expect(rateLimiterFor('key-other-test', 5)).not.toBe(first);
  });
});

describe('leaseRateLimiter', () => {
  it('runs at the lowest rate held, and a released lease no longer holds the key down', () => {
    const slow = leaseRateLimiter('key-lease-test', 2);
    const fast = leaseRateLimiter('key-lease-test', 50);
    expect(fast.limiter).toBe(slow.limiter);
    expect(fast.limiter.rate).toBeCloseTo(2);
    slow.release();
    expect(fast.limiter.rate).toBeCloseTo(50);
    slow.release();
    expect(fast.limiter.rate).toBeCloseTo(50);
    fast.release();
    const next = leaseRateLimiter('key-lease-test', 20);
    expect(next.limiter.rate).toBeCloseTo(20);
    next.release();
  });
});

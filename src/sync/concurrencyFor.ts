/** Answers are assumed to take up to this long; a slower explorer just runs below its rate. */
const ASSUMED_LATENCY_SECONDS = 0.5;

/**
 * Requests to keep open so `rate` calls a second can go out: rate × latency. A fixed pool of 4 capped a
 * paid plan at 4 ÷ latency (8/s at 500 ms) and the bench's 400/s sandbox at ~240/s. The rate limiter,
 * not the pool, holds the rate, so a larger pool costs nothing but sockets; 64 bounds them.
 */
export function concurrencyFor(rate: number): number {
  return Math.min(64, Math.max(4, Math.ceil(rate * ASSUMED_LATENCY_SECONDS)));
}

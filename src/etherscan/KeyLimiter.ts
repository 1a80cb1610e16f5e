import type { RateLimiter } from './RateLimiter.js';

/**
 * What a client needs of its key's rate limit: to wait, before each HTTP attempt, for the next send slot.
 * `RateLimiter` paces the sends of one process; `PostgresRateLimiter` those of every process on a database.
 * With `also`, the send must also fit that in-process limiter (a tighter endpoint limit).
 */
export interface KeyLimiter {
  acquire(signal?: AbortSignal, also?: RateLimiter): Promise<void>;
}

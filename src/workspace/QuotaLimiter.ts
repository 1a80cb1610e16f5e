import { DailyLimitError } from '../etherscan/errors.js';
import type { KeyLimiter } from '../etherscan/KeyLimiter.js';
import type { RateLimiter } from '../etherscan/RateLimiter.js';
import type { Nights } from './WorkspaceData.js';
import { utcDay } from './nightSummary.js';

/**
 * A key's rate limit that also keeps its daily quota: each send is counted on the workspace data first (`takeKeyCall`,
 * atomic across workers), and the one past the quota is not sent but ends the run as the API's own daily-limit answer
 * would (`DailyLimitError`, so the run is deferred to the next 00:00 UTC). Counting before the send keeps the key
 * under its quota even where the explorer would not refuse (a plan's quota shared with other software is not).
 */
export class QuotaLimiter implements KeyLimiter {
  constructor(
    private readonly limiter: KeyLimiter,
    private readonly nights: Nights,
    private readonly key: { name: string; dailyQuota: number },
    private readonly now: () => Date,
  ) {}

  async acquire(signal?: AbortSignal, also?: RateLimiter): Promise<void> {
    const now = this.now();
    if (!(await this.nights.takeKeyCall(this.key.name, utcDay(now.toISOString()), this.key.dailyQuota)))
      throw new DailyLimitError(`key ${this.key.name} made its ${this.key.dailyQuota} calls of ${utcDay(now.toISOString())}`, now, {
        key: this.key.name,
      });
    await this.limiter.acquire(signal, also);
  }
}

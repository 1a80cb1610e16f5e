import type { JobPeriod } from '../config/Job.js';
import { InputError } from '../errors/LedgerscanError.js';

/** A period that has not begun has no block on any chain: refused before any call, store untouched. */
export function refuseUnstartedPeriod(period: Pick<JobPeriod, 'from' | 'startTime'>, now: Date): void {
  if (period.startTime * 1000 <= now.getTime()) return;
  throw new InputError(
    `the period starts on ${period.from}, after today (${now.toISOString().slice(0, 10)}): no chain has a block in it yet`,
    {
      details: { fix: 'choose a period that has begun (--year, or --from/--to)' },
    },
  );
}

import type { JobPeriod } from './Job.js';

/**
 * The period's last second (its end is exclusive): the one instant a close is stated at, so the reconcile, the closing
 * balances, the journal's last `P` and the deferred valuation all value the holdings alike and no price is later.
 */
export function closingInstant(period: Pick<JobPeriod, 'endTime'>): number {
  return period.endTime - 1;
}

/** The instants a period's holdings are stated at: its first second (the opening) and its closing one. */
export function periodInstants(period: Pick<JobPeriod, 'startTime' | 'endTime'>): [number, number] {
  return [period.startTime, closingInstant(period)];
}

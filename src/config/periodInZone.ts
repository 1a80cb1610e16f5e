import { TZDate } from '@date-fns/tz';
import type { JobPeriod } from './Job.js';
import { formatDay, type CalendarDay } from './CalendarDay.js';

/**
 * Whole days `from`..`to` (inclusive) as a half-open range of Unix seconds in `timezone`.
 * TZDate moves a midnight that a DST jump skips to the first instant that exists that day.
 */
export function periodInZone(from: CalendarDay, to: CalendarDay, timezone: string): JobPeriod {
  const start = new TZDate(from.year, from.month - 1, from.day, timezone);
  const end = new TZDate(to.year, to.month - 1, to.day + 1, timezone);
  return { from: formatDay(from), to: formatDay(to), startTime: start.getTime() / 1000, endTime: end.getTime() / 1000 };
}

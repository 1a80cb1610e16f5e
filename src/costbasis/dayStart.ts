import { TZDate } from '@date-fns/tz';

/** The first instant (unix seconds) of a `YYYY-MM-DD` day in `timezone`: when a dated change takes effect. */
export function dayStart(day: string, timezone: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new TZDate(year, month - 1, date, timezone).getTime() / 1000;
}

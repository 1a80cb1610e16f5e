import { calendarDay } from './calendarDay.js';

/** HMRC's matching counts UK calendar days, whatever the job's time zone. */
export const UK_ZONE = 'Europe/London';

/** The UK calendar day of unix seconds `time`, as a day number (days since 1970-01-01), so that `day + 30` is a day. */
export function ukDay(time: number): number {
  return calendarDay(time, UK_ZONE);
}

import { calendarDay } from './calendarDay.js';

const DAY = 86_400;
const SURELY_LONG = 370 * DAY;
const SURELY_SHORT = 360 * DAY;

/**
 * Long when the sale's calendar day (in `timezone`) is after the acquisition's first anniversary; a lot acquired on
 * 29 February has its anniversary on 28 February. One year to the day is still short.
 */
export function holdingTerm(acquiredAt: number, soldAt: number, timezone: string): 'short' | 'long' {
  // A first anniversary is 365 or 366 days after its day, and a zone's offset is less than a day either way: a piece
  // held 370 days or more is long and one held 360 days or less short, whatever the zone (no calendar needed).
  const held = soldAt - acquiredAt;
  if (held >= SURELY_LONG) return 'long';
  if (held <= SURELY_SHORT) return 'short';
  return calendarDay(soldAt, timezone) > anniversary(calendarDay(acquiredAt, timezone)) ? 'long' : 'short';
}

/** Local day number → the day number of its first anniversary (29 February's on 28 February). */
const ANNIVERSARIES = new Map<number, number>();

function anniversary(day: number): number {
  let next = ANNIVERSARIES.get(day);
  if (next === undefined) {
    const date = new Date(day * DAY * 1000);
    const [year, month, dayOfMonth] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
    next = Date.UTC(year + 1, month, month === 1 && dayOfMonth === 29 ? 28 : dayOfMonth) / (DAY * 1000);
    ANNIVERSARIES.set(day, next);
  }
  return next;
}

import { tzOffset } from '@date-fns/tz';

const DAY = 86_400;

/**
 * Long when the sale's calendar day (in `timezone`) is after the acquisition's first anniversary; a lot acquired on
 * 29 February has its anniversary on 28 February. One year to the day is still short.
 */
export function holdingTerm(acquiredAt: number, soldAt: number, timezone: string): 'short' | 'long' {
  let offsets = OFFSETS.get(timezone);
  if (offsets === undefined) OFFSETS.set(timezone, (offsets = new Map()));
  return localDay(soldAt, timezone, offsets) > anniversary(localDay(acquiredAt, timezone, offsets)) ? 'long' : 'short';
}

/**
 * Per time zone, per UTC day: the zone's offset in seconds all that day, or NaN when it changes during the day. A
 * time zone's calendar was the replay's largest cost per gain row; one lookup of a number per UTC day of the history
 * (a few thousand per zone) replaces it. Offsets change at most once in a day, so equal offsets at the day's first
 * and last second hold for all of it.
 */
const OFFSETS = new Map<string, Map<number, number>>();
/** Local day number → the day number of its first anniversary (29 February's on 28 February). */
const ANNIVERSARIES = new Map<number, number>();

/** The calendar day `time` falls on in `timezone`, as days since 1970-01-01 of that calendar. */
function localDay(time: number, timezone: string, offsets: Map<number, number>): number {
  const utcDay = Math.floor(time / DAY);
  let offset = offsets.get(utcDay);
  if (offset === undefined) {
    const first = offsetAt(timezone, utcDay * DAY);
    offset = first === offsetAt(timezone, utcDay * DAY + DAY - 1) ? first : Number.NaN;
    offsets.set(utcDay, offset);
  }
  return Math.floor((time + (Number.isNaN(offset) ? offsetAt(timezone, time) : offset)) / DAY);
}

function offsetAt(timezone: string, time: number): number {
  return tzOffset(timezone, new Date(time * 1000)) * 60;
}

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

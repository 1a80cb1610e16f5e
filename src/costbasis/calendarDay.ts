import { tzOffset } from '@date-fns/tz';

const DAY = 86_400;

/**
 * Per time zone, per UTC day: the zone's offset in seconds all that day, or NaN when it changes during the day. A
 * time zone's calendar was the replay's largest cost per gain row (the term) and per `uk` take (its UK day); one
 * lookup of a number per UTC day of the history (a few thousand per zone) replaces it. Offsets change at most once in
 * a day, so equal offsets at the day's first and last second hold for all of it.
 */
const OFFSETS = new Map<string, Map<number, number>>();

/** The calendar day unix seconds `time` fall on in `timezone`, as days since 1970-01-01 of that calendar. */
export function calendarDay(time: number, timezone: string): number {
  let offsets = OFFSETS.get(timezone);
  if (offsets === undefined) OFFSETS.set(timezone, (offsets = new Map()));
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

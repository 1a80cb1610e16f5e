import { TZDate } from '@date-fns/tz';
import { InputError } from '../errors/LedgerscanError.js';
import { FIRST_YEAR, LAST_YEAR } from './CalendarDay.js';
import { quoteValue } from './quoteValue.js';

/** An instant holdings are stated at: every ledger entry with a timestamp up to and including `time` counts. */
export interface Instant {
  /** Unix seconds, inclusive. */
  time: number;
  /** ISO 8601 UTC of `time`. */
  utc: string;
  /** The same instant as wall time in the zone, with its offset, e.g. `2025-12-31T23:59:59+01:00`. */
  local: string;
}

const FORM = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:\d{2})?)?$/;
const FIX = 'use YYYY-MM-DD (the end of that day) or YYYY-MM-DDTHH:MM[:SS] in the time zone, optionally with Z or ±HH:MM';

/**
 * `--at`: a day means its last second (what was held when the day ended); a wall time is read in `timezone`
 * unless it carries its own offset. A wall time that a DST jump skips does not exist and is refused; one that
 * occurs twice (clocks going back) needs its offset, since the two readings differ by an hour of transactions.
 */
export function parseInstant(value: unknown, field: string, timezone: string): Instant {
  const match = typeof value === 'string' ? FORM.exec(value) : null;
  if (match === null) throw new InputError(`${field} ${quoteValue(value)} is not a date or time (${FIX})`);
  const [, y, mo, d, h, mi, s, offset] = match;
  const [year, month, day] = [Number(y), Number(mo), Number(d)];
  const [hour, minute, second] = h === undefined ? [23, 59, 59] : [Number(h), Number(mi), Number(s ?? '0')];
  if (year < FIRST_YEAR || year > LAST_YEAR)
    throw new InputError(`${field} ${quoteValue(value)} is out of range (use a year from ${FIRST_YEAR} to ${LAST_YEAR})`);
  const calendar = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) {
    throw new InputError(`${field} ${quoteValue(value)} is not on the calendar (${FIX})`);
  }

  let time: number;
  if (offset !== undefined) {
    const sign = offset === 'Z' ? 0 : offset.startsWith('-') ? -1 : 1;
    const minutes = offset === 'Z' ? 0 : Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6));
    time = calendar.getTime() / 1000 - sign * minutes * 60;
  } else {
    const readings = wallTimeReadings(year, month, day, hour, minute, second, timezone);
    if (readings.length === 0)
      throw new InputError(
        `${field} ${quoteValue(value)} does not exist in ${timezone}: the clocks jump over it (pick a time outside the DST change)`,
      );
    if (readings.length > 1) {
      throw new InputError(
        `${field} ${quoteValue(value)} happens twice in ${timezone} as the clocks go back (add the offset: ${readings.map((t) => `${value}${offsetText(t, timezone)}`).join(' or ')})`,
      );
    }
    time = readings[0] as number;
  }
  return instantAt(time, timezone);
}

/** The instant `time` (Unix seconds) with its UTC and local spellings. */
export function instantAt(time: number, timezone: string): Instant {
  return { time, utc: new Date(time * 1000).toISOString().replace('.000Z', 'Z'), local: localText(time, timezone) };
}

/** Every instant whose wall time in the zone is the one given: none in a DST gap, two in a DST overlap. */
function wallTimeReadings(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  timezone: string,
): number[] {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second) / 1000;
  // Offsets anywhere are within ±14 h: try the zone's offsets a day around and keep the readings that fit.
  const offsets = new Set([-1, 0, 1].map((days) => offsetSeconds(asUtc + days * 86_400, timezone)));
  return [...offsets]
    .map((offset) => asUtc - offset)
    .filter((time) => offsetSeconds(time, timezone) === asUtc - time)
    .sort((a, b) => a - b);
}

function offsetSeconds(time: number, timezone: string): number {
  return -new TZDate(time * 1000, timezone).getTimezoneOffset() * 60;
}

function offsetText(time: number, timezone: string): string {
  const offset = offsetSeconds(time, timezone);
  const abs = Math.abs(offset);
  return `${offset < 0 ? '-' : '+'}${String(Math.floor(abs / 3600)).padStart(2, '0')}:${String(Math.floor((abs % 3600) / 60)).padStart(2, '0')}`;
}

function localText(time: number, timezone: string): string {
  const wall = new Date((time + offsetSeconds(time, timezone)) * 1000).toISOString().slice(0, 19);
  return `${wall}${offsetText(time, timezone)}`;
}

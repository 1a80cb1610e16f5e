import { InputError } from '../errors/LedgerscanError.js';
import { FIRST_YEAR, LAST_YEAR, type CalendarDay } from './CalendarDay.js';
import { quoteValue } from './quoteValue.js';

/** A strict `YYYY-MM-DD` that exists on the calendar (no 2025-02-30) inside the supported years. */
export function parseDay(value: unknown, field: string): CalendarDay {
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (match === null) throw new InputError(`${field} ${quoteValue(value)} is not a date (use YYYY-MM-DD, e.g. 2025-04-01)`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new InputError(`${field} ${quoteValue(value)} does not exist on the calendar (check the month and day)`);
  }
  if (year < FIRST_YEAR || year > LAST_YEAR) {
    throw new InputError(`${field} ${quoteValue(value)} is out of range (use a date from ${FIRST_YEAR} to ${LAST_YEAR})`);
  }
  return { year, month, day };
}

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one; UTC keeps local time zones out of it.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

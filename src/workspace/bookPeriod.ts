import { parseDay } from '../config/parseDay.js';
import { periodInZone } from '../config/periodInZone.js';
import type { EntryFilter } from './entries/BookEntries.js';
import type { RunPeriod } from '../runs/RunRequest.js';
import type { Run } from './WorkspaceData.js';

/** Whole days in the book's zone, `to` inclusive, as the table's filters take them. */
export interface BookPeriod {
  from: string;
  to: string;
}

/**
 * The period the book is being worked on: the one its newest run named (an export's or close's year or days).
 * The transactions table opens on it and the books list counts what is left to review in it. Undefined before any
 * run named one.
 */
export function bookPeriod(runs: readonly Run[]): BookPeriod | undefined {
  return periodDays([...runs].sort((a, b) => b.id - a.id).find((run) => run.request.period !== undefined)?.request.period);
}

/** A run's period as whole days (undefined: none, or one without both ends). */
export function periodDays(period: RunPeriod | undefined): BookPeriod | undefined {
  if (period === undefined) return undefined;
  if (period.year !== undefined) return { from: `${period.year}-01-01`, to: `${period.year}-12-31` };
  return period.from === undefined || period.to === undefined ? undefined : { from: period.from, to: period.to };
}

/** What the books list counts as left to review: the book's period in its zone (all its table without one), spam aside. */
export function reviewFilter(zone: string | undefined, period: BookPeriod | undefined): EntryFilter {
  if (period === undefined) return { spam: false };
  const days = periodInZone(parseDay(period.from, 'from'), parseDay(period.to, 'to'), zone ?? 'UTC');
  return { spam: false, from: days.startTime, to: days.endTime };
}

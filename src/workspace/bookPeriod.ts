import { parseDay } from '../config/parseDay.js';
import { periodInZone } from '../config/periodInZone.js';
import type { EntryFilter } from './entries/BookEntries.js';
import type { Book, Run } from './WorkspaceData.js';

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
  const newest = [...runs].sort((a, b) => b.id - a.id).find((run) => run.request.period !== undefined);
  const period = newest?.request.period;
  if (period === undefined) return undefined;
  if (period.year !== undefined) return { from: `${period.year}-01-01`, to: `${period.year}-12-31` };
  return period.from === undefined || period.to === undefined ? undefined : { from: period.from, to: period.to };
}

/** What the books list counts as left to review: the book's period (all its table without one), spam aside. */
export function reviewFilter(book: Book, period: BookPeriod | undefined): EntryFilter {
  if (period === undefined) return { spam: false };
  const days = periodInZone(parseDay(period.from, 'from'), parseDay(period.to, 'to'), book.data.timezone ?? 'UTC');
  return { spam: false, from: days.startTime, to: days.endTime };
}

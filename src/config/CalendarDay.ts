/** A day on the calendar, without a time zone; `month` is 1-12. */
export interface CalendarDay {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** Etherscan has no data before 2015; the upper bound only catches typos such as 20255. */
export const FIRST_YEAR = 2015;
export const LAST_YEAR = 2100;

export function formatDay(day: CalendarDay): string {
  return `${String(day.year).padStart(4, '0')}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
}

export function compareDays(a: CalendarDay, b: CalendarDay): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/**
 * The first day of the higher capital gains rates (18 % and 24 %, Autumn Budget 2024): a 2024/25 return needs the
 * gains before it and from it apart.
 */
export const UK_RATE_CHANGE_DAY = '2024-10-30';

/** A stretch of a UK tax year an SA108 summary reports on its own, days `YYYY-MM-DD` inclusive. */
export interface Sa108Part {
  taxYear: string;
  /** `year` (the whole tax year) or, in 2024/25, `before 2024-10-30` and `from 2024-10-30`. */
  part: string;
  from: string;
  to: string;
}

/**
 * The UK tax year starting on 6 April of `startYear` (`2024/25`), then, for the one the rates changed in, its two
 * stretches around 30 October 2024.
 */
export function sa108Parts(startYear: number): Sa108Part[] {
  const taxYear = `${startYear}/${String((startYear + 1) % 100).padStart(2, '0')}`;
  const from = `${startYear}-04-06`;
  const to = `${startYear + 1}-04-05`;
  const whole = { taxYear, part: 'year', from, to };
  if (!(from < UK_RATE_CHANGE_DAY && UK_RATE_CHANGE_DAY <= to)) return [whole];
  return [
    whole,
    { taxYear, part: `before ${UK_RATE_CHANGE_DAY}`, from, to: previousDay(UK_RATE_CHANGE_DAY) },
    { taxYear, part: `from ${UK_RATE_CHANGE_DAY}`, from: UK_RATE_CHANGE_DAY, to },
  ];
}

/** The UK tax year a day (`YYYY-MM-DD`, UK calendar) falls in, by the year it starts. */
export function ukTaxYearStart(day: string): number {
  const year = Number(day.slice(0, 4));
  return day.slice(5) >= '04-06' ? year : year - 1;
}

function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

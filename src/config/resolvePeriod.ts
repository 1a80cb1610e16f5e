import { InputError } from '../errors/LedgerscanError.js';
import { FIRST_YEAR, LAST_YEAR, compareDays, type CalendarDay } from './CalendarDay.js';
import type { JobPeriod } from './Job.js';
import type { Problems } from './Problems.js';
import type { Sourced } from './Sourced.js';
import { parseDay } from './parseDay.js';
import { periodInZone } from './periodInZone.js';
import { quoteValue } from './quoteValue.js';

export interface PeriodInput {
  year?: Sourced | undefined;
  from?: Sourced | undefined;
  to?: Sourced | undefined;
}

/**
 * `year` or `from` + `to` → the job's period, recording every problem. Without a valid
 * `timezone` the days are still checked, but there is no period to return. A command that states
 * holdings at an instant needs no period: then none given means every supported year.
 */
export function resolvePeriod(
  input: PeriodInput,
  timezone: string | undefined,
  problems: Problems,
  required = true,
): JobPeriod | undefined {
  const none = input.year === undefined && input.from === undefined && input.to === undefined;
  const days =
    none && !required
      ? { from: { year: FIRST_YEAR, month: 1, day: 1 }, to: { year: LAST_YEAR, month: 12, day: 31 } }
      : chooseDays(input, problems);
  return days === undefined || timezone === undefined ? undefined : periodInZone(days.from, days.to, timezone);
}

function chooseDays({ year, from, to }: PeriodInput, problems: Problems): { from: CalendarDay; to: CalendarDay } | undefined {
  if (year === undefined && from === undefined && to === undefined) {
    problems.add(
      problems.worded({
        cli: 'period is missing (pass --year 2025, or --from YYYY-MM-DD --to YYYY-MM-DD)',
        web: 'period is missing (give a year, or the first and last day)',
      }),
    );
    return undefined;
  }
  if (year !== undefined && (from !== undefined || to !== undefined)) {
    problems.add(`period: ${year.field} and ${(from ?? to)?.field} are both given (use either a year or a from/to range)`);
    return undefined;
  }
  if (year !== undefined) {
    const parsed = problems.attempt(() => parseYear(year));
    return parsed === undefined ? undefined : { from: { year: parsed, month: 1, day: 1 }, to: { year: parsed, month: 12, day: 31 } };
  }
  if (from === undefined || to === undefined) {
    const [given, missing] = from === undefined ? [to, 'from'] : [from, 'to'];
    problems.add(`period: ${given?.field} is given without its ${missing} date (add ${missingField(given, missing)} YYYY-MM-DD)`);
    if (given !== undefined) problems.attempt(() => parseDay(given.value, given.field));
    return undefined;
  }
  const first = problems.attempt(() => parseDay(from.value, from.field));
  const last = problems.attempt(() => parseDay(to.value, to.field));
  if (first === undefined || last === undefined) return undefined;
  if (compareDays(first, last) > 0) {
    problems.add(`period: ${from.field} ${quoteValue(from.value)} is after ${to.field} ${quoteValue(to.value)} (swap them)`);
    return undefined;
  }
  return { from: first, to: last };
}

/** The sibling field's name in the same source: `--from` → `--to`, `period.to` → `period.from`. */
function missingField(given: Sourced | undefined, missing: string): string {
  const field = given?.field ?? '';
  return field.startsWith('--') ? `--${missing}` : field.replace(/(from|to)$/, missing);
}

function parseYear({ value, field }: Sourced): number {
  const year = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(year)) throw new InputError(`${field} ${quoteValue(value)} is not a year (use four digits, e.g. 2025)`);
  if (year < FIRST_YEAR || year > LAST_YEAR) {
    throw new InputError(`${field} ${quoteValue(value)} is out of range (use a year from ${FIRST_YEAR} to ${LAST_YEAR})`);
  }
  return year;
}

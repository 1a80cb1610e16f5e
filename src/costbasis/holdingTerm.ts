import { TZDate } from '@date-fns/tz';

/**
 * Long when the sale's calendar day (in `timezone`) is after the acquisition's first anniversary; a lot acquired on
 * 29 February has its anniversary on 28 February. One year to the day is still short.
 */
export function holdingTerm(acquiredAt: number, soldAt: number, timezone: string): 'short' | 'long' {
  const acquired = localDay(acquiredAt, timezone);
  const leap = acquired.month === 1 && acquired.day === 29;
  const anniversary = dayNumber(acquired.year + 1, acquired.month, leap ? 28 : acquired.day);
  const sold = localDay(soldAt, timezone);
  return dayNumber(sold.year, sold.month, sold.day) > anniversary ? 'long' : 'short';
}

function dayNumber(year: number, month: number, day: number): number {
  return (year * 12 + month) * 31 + day;
}

interface LocalDay {
  year: number;
  /** 0-11. */
  month: number;
  day: number;
}

/**
 * Quarter hours of UTC never straddle a local midnight or an offset change (offsets and their changes fall on quarter
 * hours), so the local day is looked up once per quarter hour; a time zone's calendar was the replay's largest cost
 * per gain row. The cache is dropped when it grows large, so memory stays bounded.
 */
const QUARTER_HOUR = 900;
const CACHE_LIMIT = 100_000;
const cache = new Map<string, LocalDay>();

function localDay(time: number, timezone: string): LocalDay {
  const key = `${timezone}|${Math.floor(time / QUARTER_HOUR)}`;
  let day = cache.get(key);
  if (day === undefined) {
    const date = new TZDate(time * 1000, timezone);
    day = { year: date.getFullYear(), month: date.getMonth(), day: date.getDate() };
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, day);
  }
  return day;
}

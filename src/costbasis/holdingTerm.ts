import { TZDate } from '@date-fns/tz';

/**
 * Long when the sale's calendar day (in `timezone`) is after the acquisition's first anniversary; a lot acquired on
 * 29 February has its anniversary on 28 February. One year to the day is still short.
 */
export function holdingTerm(acquiredAt: number, soldAt: number, timezone: string): 'short' | 'long' {
  const acquired = new TZDate(acquiredAt * 1000, timezone);
  const sold = new TZDate(soldAt * 1000, timezone);
  const leap = acquired.getMonth() === 1 && acquired.getDate() === 29;
  const anniversary = dayNumber(acquired.getFullYear() + 1, acquired.getMonth(), leap ? 28 : acquired.getDate());
  return dayNumber(sold.getFullYear(), sold.getMonth(), sold.getDate()) > anniversary ? 'long' : 'short';
}

function dayNumber(year: number, month: number, day: number): number {
  return (year * 12 + month) * 31 + day;
}

/**
 * The one rule of a price's time, for every source, the price file and every file's instant: a record at or
 * before the time asked, at most `maxAge` seconds old. Never a later one: the closing at midnight is not valued
 * with the record of 00:40, and balances, reconcile and the journal's last `P` agree on one figure.
 */
export function priceFits(recordTime: number, time: number, maxAge: number): boolean {
  const age = time - recordTime;
  return age >= 0 && age <= maxAge;
}

import { lastAtOrBefore } from './lastAtOrBefore.js';

/** One day's ECB reference rate of a currency: units per 1 EUR, as published (a plain decimal string). */
export interface EcbRate {
  /** YYYY-MM-DD. */
  date: string;
  rate: string;
}

/**
 * The ECB's euro reference rates (`eurofxref-hist.xml`), by currency and date. No rate exists on weekends and
 * TARGET holidays: `on` gives the last earlier one, with its own date.
 */
export class EcbRates {
  private readonly byCurrency = new Map<string, EcbRate[]>();

  constructor(xml: string) {
    const day = /<Cube\s+time=['"](\d{4}-\d\d-\d\d)['"]\s*>([\s\S]*?)<\/Cube>/g;
    for (let match = day.exec(xml); match !== null; match = day.exec(xml)) {
      const date = match[1] as string;
      const cube = /<Cube\s+currency=['"]([A-Z]{3})['"]\s+rate=['"]([0-9.]+)['"]\s*\/>/g;
      for (let rate = cube.exec(match[2] ?? ''); rate !== null; rate = cube.exec(match[2] ?? '')) {
        const list = this.byCurrency.get(rate[1] as string) ?? [];
        list.push({ date, rate: rate[2] as string });
        this.byCurrency.set(rate[1] as string, list);
      }
    }
    for (const list of this.byCurrency.values()) list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  }

  /** The newest date the file holds: a day after it has no rate yet (not "none"). */
  get lastDate(): string | undefined {
    return this.byCurrency.get('USD')?.at(-1)?.date;
  }

  /** The rate of `date` (YYYY-MM-DD) or the last earlier one; `undefined` before the first. */
  on(currency: string, date: string): EcbRate | undefined {
    return lastAtOrBefore(this.byCurrency.get(currency) ?? [], date, (rate) => rate.date);
  }
}

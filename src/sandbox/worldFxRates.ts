import { mix32 } from './Prng.js';

/** Currencies the sandbox's ECB file lists, units per 1 EUR, with a base in 1e-4 and a spread in 1e-4. */
const CURRENCIES = { USD: [10800, 400], JPY: [1620000, 40000], GBP: [8450, 150], CHF: [9450, 250] } as const;
export type FxCurrency = keyof typeof CURRENCIES;
export const FX_CURRENCIES = Object.keys(CURRENCIES) as FxCurrency[];

/** The first and last day of the sandbox's reference rates. */
export const FX_FROM = Date.UTC(2018, 11, 3) / 1000;
export const FX_TO = Date.UTC(2026, 11, 31) / 1000;

/** The rates of a day (UTC midnight), or `undefined` on weekends and TARGET holidays, as the ECB publishes none. */
export function fxRates(seed: number, day: number): Readonly<Record<FxCurrency, string>> | undefined {
  if (day < FX_FROM || day > FX_TO || !isTargetDay(day)) return undefined;
  const entries = FX_CURRENCIES.map((currency, n) => {
    const [base, spread] = CURRENCIES[currency];
    const roll = mix32(seed ^ mix32(day / 86400 + n * 100003));
    return [currency, ((base + (roll % (2 * spread + 1)) - spread) / 10000).toFixed(4)];
  });
  return Object.fromEntries(entries) as Record<FxCurrency, string>;
}

/** TARGET2 closing days: weekends, 1 January, Good Friday, Easter Monday, 1 May, 25 and 26 December. */
export function isTargetDay(day: number): boolean {
  const date = new Date(day * 1000);
  const weekday = date.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const month = date.getUTCMonth() + 1;
  const dom = date.getUTCDate();
  if ((month === 1 && dom === 1) || (month === 5 && dom === 1) || (month === 12 && (dom === 25 || dom === 26))) return false;
  const easter = easterSunday(date.getUTCFullYear());
  return day !== easter - 2 * 86400 && day !== easter + 86400;
}

/** Gregorian Easter Sunday (Meeus/Jones/Butcher), unix seconds at UTC midnight. */
function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const dom = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, dom) / 1000;
}

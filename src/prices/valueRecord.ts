import type { PriceAnswer } from './PriceAnswer.js';
import type { LegValue } from './valueLeg.js';
import { writtenOf } from './writtenPrice.js';

/** The value columns a valued file adds, in this order (ledger.csv's, and each balance's in balances and reconcile). */
export const VALUE_COLUMNS = ['price', 'price_currency', 'price_time', 'price_source', 'value', 'value_state'] as const;

type Found = Extract<PriceAnswer, { found: true }>;

/** Price records' times as written: hourly records of a few assets, so a small table serves a million rows. */
const timeTexts = new Map<number, string>();

/** The price record's own time, ISO UTC to the second. */
export function priceTime(answer: Found): string {
  let text = timeTexts.get(answer.time);
  if (text === undefined) {
    if (timeTexts.size >= 4096) timeTexts.clear();
    text = new Date(answer.time * 1000).toISOString().replace('.000Z', 'Z');
    timeTexts.set(answer.time, text);
  }
  return text;
}

/** The source, and the ECB rate with its date when the price was converted (never a USD price under another label). */
export function priceSource(answer: Found): string {
  return answer.fx === undefined ? answer.source : `${answer.source}; ${answer.fx.source} ${answer.fx.date} ${answer.fx.rate.toFixed()}`;
}

/** One value as the `VALUE_COLUMNS` cells; `null` (not valued at all): every cell empty. */
export function valueRecord(value: LegValue | null): string[] {
  if (value === null) return ['', '', '', '', '', ''];
  if (!value.valued) return ['', '', '', '', '', value.state];
  const { answer } = value;
  return [writtenOf(answer).text, answer.currency, priceTime(answer), priceSource(answer), value.value, ''];
}

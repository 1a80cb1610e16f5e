import type { LegValue } from './valueLeg.js';
import { writtenOf } from './writtenPrice.js';

/** The value columns a valued file adds, in this order (ledger.csv's, and each balance's in balances and reconcile). */
export const VALUE_COLUMNS = [
  'price',
  'price_currency',
  'price_time',
  'price_source',
  'fx_rate',
  'fx_date',
  'value',
  'value_state',
] as const;

/** One value as the `VALUE_COLUMNS` cells; `null` (not valued at all): every cell empty. */
export function valueRecord(value: LegValue | null): string[] {
  if (value === null) return ['', '', '', '', '', '', '', ''];
  if (!value.valued) return ['', '', '', '', '', '', '', value.state];
  const written = writtenOf(value.answer);
  return [written.text, value.answer.currency, written.time, written.source, written.fxRate, written.fxDate, value.value, ''];
}

/**
 * `valueRecord`'s cells joined by commas, as one trusted text: price, currency, time, source, FX rate and date are
 * one text per answer (`WrittenAnswer.lead`, with the comma after it), then the value and the state. It needs no quoting and no
 * neutralising whatever the row: a plain decimal (a value may be signed, still a plain number), a currency of the
 * book's list, an ISO time, a source's short name, an ECB rate and date, a state of a fixed list; none holds a comma, quote or
 * line break, or starts as a formula (`csvLine`'s trusted cells). One text, not three: each element more that a
 * line's join took cost a million-row export ≈ 0.1 G instructions.
 */
export function valueRecordText(value: LegValue | null): string {
  if (value === null) return ',,,,,,,';
  return value.valued ? `${writtenOf(value.answer).lead}${value.value},` : `,,,,,,,${value.state}`;
}

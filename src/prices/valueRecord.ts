import type { LegValue } from './valueLeg.js';
import { writtenOf } from './writtenPrice.js';

/** The value columns a valued file adds, in this order (ledger.csv's, and each balance's in balances and reconcile). */
export const VALUE_COLUMNS = ['price', 'price_currency', 'price_time', 'price_source', 'value', 'value_state'] as const;

/** One value as the `VALUE_COLUMNS` cells; `null` (not valued at all): every cell empty. */
export function valueRecord(value: LegValue | null): string[] {
  if (value === null) return ['', '', '', '', '', ''];
  if (!value.valued) return ['', '', '', '', '', value.state];
  const written = writtenOf(value.answer);
  return [written.text, value.answer.currency, written.time, written.source, value.value, ''];
}

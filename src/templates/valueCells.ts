import type { LegValue } from '../prices/valueLeg.js';
import type { RowValuer } from './RowValuer.js';
import { writtenOf } from '../prices/writtenPrice.js';
import type { Leg, ViewRow } from './ViewRow.js';

type Cell = (row: ViewRow) => string;

/** The fields of the value record (`VALUE_COLUMNS`), in its order: a row's one leg valued. */
export const VALUE_RECORD_FIELDS = [
  'entry.price',
  'entry.price_currency',
  'entry.price_time',
  'entry.price_source',
  'entry.fx_rate',
  'entry.fx_date',
  'entry.value',
  'entry.value_state',
] as const;

/** The fields that read a row's value in the book's currency (see docs/templates.md, "Values"). */
export const VALUE_FIELDS = [
  ...VALUE_RECORD_FIELDS,
  'value.amount',
  'value.currency',
  'value.signed',
  'sent.value',
  'received.value',
  'base.price',
  'base.price_currency',
] as const;

/** The value of a row's one leg (the sent, else the received, else the fee): what the `entry.*` value fields show. */
export function onlyLegValue(valuer: RowValuer | null, row: ViewRow): LegValue | null {
  return legValue(valuer, row, row.sent ?? row.received ?? row.fee);
}

function legValue(valuer: RowValuer | null, row: ViewRow, leg: Leg | null): LegValue | null {
  return valuer === null || leg === null ? null : valuer.of(row, leg);
}

/**
 * The value cells over the row valuer, or `null` for an export without values (every value cell empty, so a
 * template naming them writes today's bytes).
 */
export function valueCells(valuer: RowValuer | null): Record<(typeof VALUE_FIELDS)[number], Cell> {
  const valued = (row: ViewRow, leg: Leg | null): LegValue | null => legValue(valuer, row, leg);
  const found = (row: ViewRow): Extract<LegValue, { valued: true }> | null => {
    const value = onlyLegValue(valuer, row);
    return value !== null && value.valued ? value : null;
  };
  // Koinly's net worth: what came in, else what went out.
  const worth = (row: ViewRow): LegValue | null => {
    const received = valued(row, row.received);
    return received !== null && received.valued ? received : (valued(row, row.sent) ?? received);
  };
  const base = (row: ViewRow): Leg | null => row.sent ?? row.received;
  const priceTextOf = (value: Extract<LegValue, { valued: true }> | null): string => (value === null ? '' : writtenOf(value.answer).text);
  return {
    'entry.price': (row) => priceTextOf(found(row)),
    'entry.price_currency': (row) => found(row)?.answer.currency ?? '',
    'entry.price_time': (row) => {
      const value = found(row);
      return value === null ? '' : writtenOf(value.answer).time;
    },
    'entry.price_source': (row) => {
      const value = found(row);
      return value === null ? '' : writtenOf(value.answer).source;
    },
    'entry.fx_rate': (row) => {
      const value = found(row);
      return value === null ? '' : writtenOf(value.answer).fxRate;
    },
    'entry.fx_date': (row) => {
      const value = found(row);
      return value === null ? '' : writtenOf(value.answer).fxDate;
    },
    'entry.value': (row) => onlyLegValue(valuer, row)?.value ?? '',
    'entry.value_state': (row) => {
      const value = onlyLegValue(valuer, row);
      return value === null || value.valued ? '' : value.state;
    },
    'value.amount': (row) => worth(row)?.value ?? '',
    'value.currency': (row) => {
      const value = worth(row);
      return value !== null && value.valued ? value.answer.currency : '';
    },
    'value.signed': (row) => {
      const value = onlyLegValue(valuer, row)?.value ?? '';
      return value !== '' && row.sent !== null && /[1-9]/.test(value) ? `-${value}` : value;
    },
    'sent.value': (row) => valued(row, row.sent)?.value ?? '',
    'received.value': (row) => valued(row, row.received)?.value ?? '',
    'base.price': (row) => {
      const value = valued(row, base(row));
      return value !== null && value.valued ? writtenOf(value.answer).text : '';
    },
    'base.price_currency': (row) => {
      const value = valued(row, base(row));
      return value !== null && value.valued ? value.answer.currency : '';
    },
  };
}

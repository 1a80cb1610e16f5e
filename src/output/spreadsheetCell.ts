import type { CellKind } from '../templates/spreadsheetKinds.js';

/** Significant digits a spreadsheet number keeps (LibreOffice and Excel alike): more are rounded away. */
export const SPREADSHEET_DIGITS = 15;

/**
 * What one CSV cell becomes in a spreadsheet: a number, text, or nothing; `note` says why a number stayed text;
 * `format` shows a number with exactly the decimals its CSV cell has (`0.00` for a value, never `1E-18`).
 */
export interface SpreadsheetCell {
  value: number | string | null;
  note: string | null;
  format: string | null;
}

const DECIMAL = /^-?(\d+)(?:\.(\d+))?$/;

export const TOO_PRECISE_NOTE = `Exact value kept as text: it has more than ${SPREADSHEET_DIGITS} significant digits, which a spreadsheet number would round.`;

/** From here on a whole number is a double only in exponent form (`5e+21`): base units, not an amount to compute with. */
const EXPONENT_FROM = 1e21;

export const EXPONENT_NOTE =
  'Exact value kept as text: a whole number this long (base units, e.g. of a token whose decimals are unknown) is stored by a spreadsheet only in exponent form.';

/**
 * A CSV cell as a spreadsheet cell. A `number` column's decimal becomes a number only when its significant
 * digits fit (then the nearest double reads back as the same decimal), else it stays text with a note; a cell
 * that is no plain decimal (empty, or a word) is left as it is.
 */
export function spreadsheetCell(text: string, kind: CellKind): SpreadsheetCell {
  if (text === '') return { value: null, note: null, format: null };
  const decimal = kind === 'number' ? DECIMAL.exec(text) : null;
  if (decimal === null) return { value: text, note: null, format: null };
  const [, whole = '', fraction = ''] = decimal;
  const digits = `${whole}${fraction}`.replace(/^0+/, '').replace(/0+$/, '');
  if (digits.length > SPREADSHEET_DIGITS) return { value: text, note: TOO_PRECISE_NOTE, format: null };
  const value = Number(text);
  if (Math.abs(value) >= EXPONENT_FROM) return { value: text, note: EXPONENT_NOTE, format: null };
  return { value, note: null, format: fraction === '' ? '0' : `0.${'0'.repeat(fraction.length)}` };
}

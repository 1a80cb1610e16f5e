import type { CellKind } from '../templates/spreadsheetKinds.js';

/** Significant digits a spreadsheet number keeps (LibreOffice and Excel alike): more are rounded away. */
export const SPREADSHEET_DIGITS = 15;

/** What one CSV cell becomes in a spreadsheet: a number, text, or nothing; `note` says why a number stayed text. */
export interface SpreadsheetCell {
  value: number | string | null;
  note: string | null;
}

const DECIMAL = /^-?(\d+)(?:\.(\d+))?$/;

export const TOO_PRECISE_NOTE = `Exact value kept as text: it has more than ${SPREADSHEET_DIGITS} significant digits, which a spreadsheet number would round.`;

/**
 * A CSV cell as a spreadsheet cell. A `number` column's decimal becomes a number only when its significant
 * digits fit (then the nearest double reads back as the same decimal), else it stays text with a note; a cell
 * that is no plain decimal (empty, or a word) is left as it is.
 */
export function spreadsheetCell(text: string, kind: CellKind): SpreadsheetCell {
  if (text === '') return { value: null, note: null };
  const decimal = kind === 'number' ? DECIMAL.exec(text) : null;
  if (decimal === null) return { value: text, note: null };
  const digits = `${decimal[1] ?? ''}${decimal[2] ?? ''}`.replace(/^0+/, '').replace(/0+$/, '');
  if (digits.length > SPREADSHEET_DIGITS) return { value: text, note: TOO_PRECISE_NOTE };
  return { value: Number(text), note: null };
}

/** A plain number as we format it (sign, digits, optional fraction); never a formula. */
const plainNumber = /^-?\d+(\.\d+)?$/;
/** Characters that make a spreadsheet treat a cell as a formula (OWASP list, plus the full-width forms Apple Numbers folds). */
const formulaStart = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * Prefixes `'` to a text cell a spreadsheet would run as a formula (a spam token named `=HYPERLINK(…)`);
 * numbers such as `-1.5` stay untouched so signed-amount columns still import as numbers.
 */
export function neutraliseCell(cell: string): string {
  if (cell === '') return cell;
  const first = cell.charCodeAt(0);
  // fast path: almost every cell starts with a letter, a digit or `0x`
  if (first < 0xff00 && first !== 0x3d && first !== 0x2b && first !== 0x2d && first !== 0x40 && first !== 0x09 && first !== 0x0d)
    return cell;
  if (!formulaStart.test(cell) || plainNumber.test(cell)) return cell;
  return `'${cell}`;
}

/** A plain number as we format it (sign, digits, optional fraction); never a formula. */
const plainNumber = /^-?\d+(\.\d+)?$/;
/** Characters that make a spreadsheet treat a cell as a formula (OWASP CSV injection list). */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * Prefixes `'` to a text cell a spreadsheet would run as a formula (a spam token named `=HYPERLINK(…)`);
 * numbers such as `-1.5` stay untouched so signed-amount columns still import as numbers.
 */
export function neutraliseCell(cell: string): string {
  if (cell === '' || !formulaStart.test(cell) || plainNumber.test(cell)) return cell;
  return `'${cell}`;
}

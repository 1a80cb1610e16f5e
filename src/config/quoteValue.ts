const maxLength = 60;

/** A user's value as it appears in a problem: JSON-quoted so it stays on one line, and cut short. */
export function quoteValue(value: unknown): string {
  // JSON.stringify would print NaN (what yargs makes of a bad number) as null.
  const text = value === undefined || typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? String(value));
  return text.length <= maxLength ? text : `${text.slice(0, maxLength - 1)}…`;
}

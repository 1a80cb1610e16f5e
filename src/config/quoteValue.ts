const maxLength = 60;

/** A user's value as it appears in a problem: JSON-quoted so it stays on one line, and cut short. */
export function quoteValue(value: unknown): string {
  const text = value === undefined ? 'undefined' : (JSON.stringify(value) ?? String(value));
  return text.length <= maxLength ? text : `${text.slice(0, maxLength - 1)}…`;
}

/**
 * A form's JSON with the spaces around every text removed, keys included: `Europe/Berlin ` typed or pasted into
 * a form means `Europe/Berlin`, as it would in a job file read by a person.
 */
export function trimmedText(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map(trimmedText);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key.trim(), trimmedText(item)]));
  return value;
}

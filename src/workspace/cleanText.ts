import { InputError } from '../errors/LedgerscanError.js';

/** C0 and C1 controls (NUL, ESC, …) and the bidi overrides and isolates that make `‮gnp.exe` read as `exe.png`. */
// eslint-disable-next-line no-control-regex -- finding these characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

const codePoint = (char: string): string => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * User text before it is stored: every string in `value` trimmed, and refused, naming its field, when it holds a
 * control or bidi override character. Objects and arrays are walked; other values are returned as they are.
 */
export function cleanText(value: unknown, field: string): unknown {
  if (typeof value === 'string') {
    const found = UNSAFE.exec(value);
    if (found !== null) {
      throw new InputError(`${field} contains the invisible character ${codePoint(found[0])}; remove it`, { details: { field } });
    }
    return value.trim();
  }
  if (Array.isArray(value)) return value.map((item, index) => cleanText(item, `${field}[${index}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [cleanText(key, `${field} key`), cleanText(item, field === '' ? key : `${field}.${key}`)]),
    );
  }
  return value;
}

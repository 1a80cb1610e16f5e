import { invisibleCharacter } from '../config/invisibleCharacter.js';
import { InputError } from '../errors/LedgerscanError.js';

/**
 * User text before it is stored: every string in `value` trimmed, and refused, naming its field, when it holds a
 * control or bidi override character (`invisibleCharacter`). Objects and arrays are walked; other values are
 * returned as they are.
 */
export function cleanText(value: unknown, field: string): unknown {
  if (typeof value === 'string') {
    const refusal = invisibleCharacter(value, field);
    if (refusal !== undefined) throw new InputError(refusal, { details: { field } });
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

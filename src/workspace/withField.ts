import { InputError } from '../errors/LedgerscanError.js';

/** The CLI's validation names flags or job fields in its message; the API's answer also names the request field. */
export function withField<T>(field: string, validate: () => T): T {
  try {
    return validate();
  } catch (cause) {
    if (!(cause instanceof InputError) || cause.details.field !== undefined) throw cause;
    throw new InputError(cause.message, { details: { ...cause.details, field }, cause });
  }
}

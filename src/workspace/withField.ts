import { InputError } from '../errors/LedgerscanError.js';

/**
 * The CLI's validation names flags or job fields in its message; the API's answer also names the request field
 * (given, or found from the message: where the first problem lies).
 */
export function withField<T>(field: string | ((message: string) => string), validate: () => T): T {
  try {
    return validate();
  } catch (cause) {
    if (!(cause instanceof InputError) || cause.details.field !== undefined) throw cause;
    throw new InputError(cause.message, {
      details: { ...cause.details, field: typeof field === 'string' ? field : field(cause.shortMessage) },
      cause,
    });
  }
}

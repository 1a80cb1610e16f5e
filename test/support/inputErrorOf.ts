import { InputError } from '../../src/errors/LedgerscanError.js';

/** The `InputError` a call throws; any other error is thrown on, and no error at all fails the test. */
export function inputErrorOf(run: () => unknown): InputError {
  try {
    run();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('expected an InputError');
}

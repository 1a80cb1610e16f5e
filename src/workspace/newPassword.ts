import { InputError } from '../errors/LedgerscanError.js';

const MIN_PASSWORD = 10;

/** A password about to be set (a new account, a change, a reset): long enough, else refused naming `field`. */
export function checkNewPassword(password: string, field = 'password'): string {
  if (password.length < MIN_PASSWORD)
    throw new InputError(`the ${field === 'password' ? 'new password' : field} is too short (use at least ${MIN_PASSWORD} characters)`, {
      details: { field },
    });
  return password;
}

import { accessSync, constants } from 'node:fs';
import { InputError } from '../errors/LedgerscanError.js';
import { makeDirectory } from '../makeDirectory.js';

/** Fails before any work is done when the out dir cannot be written, so no run ends with nothing to show. */
export function ensureWritableDir(dir: string, flag: string): void {
  try {
    makeDirectory(dir);
    accessSync(dir, constants.W_OK);
  } catch (cause) {
    throw new InputError(`${flag} ${dir} is not a writable folder`, {
      details: { fix: `choose another ${flag} or fix its permissions` },
      cause,
    });
  }
}

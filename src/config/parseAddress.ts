import { InputError } from '../errors/LedgerscanError.js';
import { checksumAddress } from './checksumAddress.js';
import { quoteValue } from './quoteValue.js';

/**
 * A 20-byte hex address, returned lowercase. Mixed case must pass EIP-55, because a mixed-case
 * address with a typo is exactly what the checksum exists to catch; one-case input carries no checksum.
 */
export function parseAddress(value: unknown, field: string): string {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value)) {
    throw new InputError(`${field} ${quoteValue(value)} is not a 20-byte hex address (use 0x followed by 40 hex digits)`);
  }
  const lowercase = value.toLowerCase();
  const body = value.slice(2);
  const oneCase = body === body.toLowerCase() || body === body.toUpperCase();
  if (!oneCase) {
    if (value !== checksumAddress(lowercase)) {
      // The checksummed form of the typed value is not suggested: after a typo it would be a wrong address.
      throw new InputError(
        `${field} ${quoteValue(value)} fails its EIP-55 checksum (re-copy the address: a mixed-case address must match its checksum)`,
      );
    }
  }
  return lowercase;
}

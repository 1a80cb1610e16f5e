import { InputError } from '../errors/LedgerscanError.js';
import { quoteValue } from './quoteValue.js';

/**
 * An http(s) URL of an Etherscan-compatible API. One that carries an `apikey` is refused: the URL
 * ends up in manifests and logs, and the key belongs in --api-key or the environment.
 */
export function parseBaseUrl(value: unknown, field: string): string {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    const shown = typeof value === 'string' ? value.replace(/(apikey=)[^&#]*/gi, '$1***') : value;
    throw new InputError(`${field} ${quoteValue(shown)} is not an http(s) URL (use e.g. https://api.etherscan.io/v2/api)`);
  }
  if ([...url.searchParams.keys()].some((key) => key.toLowerCase() === 'apikey')) {
    throw new InputError(`${field} carries an apikey parameter (remove it; pass --api-key or set ETHERSCAN_API_KEY)`);
  }
  return value as string;
}

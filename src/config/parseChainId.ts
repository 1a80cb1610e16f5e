import { allChains, findChain, retiredChain } from '../chains/chains.js';
import { InputError } from '../errors/LedgerscanError.js';
import { quoteValue } from './quoteValue.js';

/** A chain id (number, or digits from a flag) that the chain table supports. */
export function parseChainId(value: unknown, field: string): number {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id)) {
    throw new InputError(`${field} ${quoteValue(value)} is not a chain id (use a number such as 1; see 'ledgerscan chains')`);
  }
  const retired = retiredChain(id);
  if (retired !== undefined) {
    throw new InputError(`${field} ${id} (${retired.name}) is no longer served by the Etherscan v2 API: ${retired.why} (use one of the chain ids 'ledgerscan chains' lists)`);
  }
  if (findChain(id) === undefined) {
    throw new InputError(`${field} ${id} is not a supported chain (use one of the ${allChains().length} chain ids 'ledgerscan chains' lists)`);
  }
  return id;
}

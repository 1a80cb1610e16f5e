import { allChains, findChain, retiredChain } from '../chains/chains.js';
import { InputError } from '../errors/LedgerscanError.js';
import { quoteValue } from './quoteValue.js';

/**
 * A chain the chain table supports, as its id (a number, or digits from a flag), its slug (`arbitrum`) or its
 * name (`Arbitrum One Mainnet`), as `ledgerscan chains` lists them, in any case.
 */
export function parseChainId(value: unknown, field: string): number {
  const id = typeof value === 'number' ? value : typeof value === 'string' ? idOfText(value) : Number.NaN;
  if (!Number.isSafeInteger(id)) {
    throw new InputError(`${field} ${quoteValue(value)} is not a chain id, slug or name (use a number such as 1 or a slug such as arbitrum; see 'ledgerscan chains')`);
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

function idOfText(text: string): number {
  if (/^\d+$/.test(text)) return Number(text);
  const wanted = text.trim().toLowerCase();
  return allChains().find((chain) => chain.slug === wanted || chain.name.toLowerCase() === wanted)?.id ?? Number.NaN;
}

import { allChains, findChain, retiredChain } from '../chains/chains.js';
import { InputError } from '../errors/LedgerscanError.js';
import { quoteValue } from './quoteValue.js';
import type { Surface } from './Surface.js';

/** How each reader finds the chains the table holds. */
const FIXES: Readonly<Record<Surface, { unknown: string; listed: (count?: number) => string }>> = {
  cli: {
    unknown: "use a number such as 1 or a slug such as arbitrum; see 'ledgerscan chains'",
    listed: (count) => `use one of the ${count === undefined ? '' : `${count} `}chain ids 'ledgerscan chains' lists`,
  },
  web: { unknown: 'pick one from the chains list', listed: () => 'pick one from the chains list' },
};

/**
 * A chain the chain table supports, as its id (a number, or digits from a flag), its slug (`arbitrum`) or its
 * name (`Arbitrum One Mainnet`), as `ledgerscan chains` lists them, in any case.
 */
export function parseChainId(value: unknown, field: string, surface: Surface = 'cli'): number {
  const fixes = FIXES[surface];
  const id = typeof value === 'number' ? value : typeof value === 'string' ? idOfText(value) : Number.NaN;
  if (!Number.isSafeInteger(id)) {
    throw new InputError(`${field} ${quoteValue(value)} is not a chain id, slug or name (${fixes.unknown})`);
  }
  const retired = retiredChain(id);
  if (retired !== undefined) {
    throw new InputError(
      `${field} ${id} (${retired.name}) is no longer served by the Etherscan v2 API: ${retired.why} (${fixes.listed()})`,
    );
  }
  if (findChain(id) === undefined) {
    throw new InputError(`${field} ${id} is not a supported chain (${fixes.listed(allChains().length)})`);
  }
  return id;
}

function idOfText(text: string): number {
  const wanted = text.trim().toLowerCase();
  if (/^\d+$/.test(wanted)) return Number(wanted);
  return allChains().find((chain) => chain.slug === wanted || chain.name.toLowerCase() === wanted)?.id ?? Number.NaN;
}

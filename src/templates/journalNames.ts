import { findChain } from '../chains/chains.js';
import type { Leg } from './ViewRow.js';
import { isNft } from './ViewRow.js';

/** Account-name dialect: hledger accepts most characters, beancount wants capitalised `[A-Za-z0-9-]` parts. */
export type AccountDialect = 'hledger' | 'beancount';

/**
 * A commodity name that is unique per token and valid in both hledger (quoted) and beancount
 * (`[A-Z][A-Z0-9'._-]{0,22}[A-Z0-9]`). Tokens carry 6 hex digits of their contract because symbols are not
 * unique (a spam "USDC" must not merge into the real one); NFTs count per collection.
 */
export function journalCommodity(leg: Leg): string {
  const symbol = leg.asset
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 16);
  if (leg.assetContract === '') return /^[A-Z]/.test(symbol) ? symbol : `X${symbol}`;
  const stem = symbol === '' ? (isNft(leg) ? 'NFT' : 'TOKEN') : /^[A-Z]/.test(symbol) ? symbol : `T${symbol}`.slice(0, 16);
  return `${stem}-${leg.assetContract.slice(2, 8).toUpperCase()}`;
}

/** Fills `{chain}`, `{wallet}`, `{asset}` in an account pattern and makes every part valid for the dialect. */
export function journalAccount(pattern: string, chainId: number, wallet: string, commodity: string, dialect: AccountDialect): string {
  const chain = findChain(chainId)?.slug ?? `chain${chainId}`;
  const filled = pattern.replaceAll('{chain}', chain).replaceAll('{wallet}', wallet).replaceAll('{asset}', commodity);
  return filled
    .split(':')
    .map((part) => (dialect === 'beancount' ? beancountPart(part) : part.replace(/[^A-Za-z0-9._-]/g, '-')))
    .join(':');
}

function beancountPart(part: string): string {
  const clean = part.replace(/[^A-Za-z0-9-]/g, '-');
  const head = clean.charAt(0).toUpperCase();
  return /^[A-Z0-9]$/.test(head) ? head + clean.slice(1) : `X${clean}`;
}

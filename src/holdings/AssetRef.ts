import type { EntryKind, LedgerEntry } from '../ledger/LedgerEntry.js';

/** What a balance is kept of: the chain's coin, a fungible token, or an NFT. */
export type AssetKind = 'native' | 'erc20' | 'erc721' | 'erc1155';

/**
 * One asset one wallet holds on one chain. `contract` is lowercase and '' for the chain's coin; `tokenId` is ''
 * for fungible assets and for an NFT collection taken whole.
 */
export interface AssetRef {
  chainId: number;
  wallet: string;
  kind: AssetKind;
  contract: string;
  tokenId: string;
}

/**
 * How finely NFTs are held: `token`, one balance per token id (reconcile asks the chain per id); `collection`, one
 * per contract counting its tokens (a journal's account per asset).
 */
export type AssetGrain = 'token' | 'collection';

export const ASSET_KIND: Readonly<Record<EntryKind, AssetKind>> = {
  native: 'native',
  internal: 'native',
  fee: 'native',
  erc20: 'erc20',
  erc721: 'erc721',
  erc1155: 'erc1155',
};

/** The asset an entry moves: fees and internal transfers move the chain's coin. */
export function assetRefOf(
  entry: Pick<LedgerEntry, 'chainId' | 'wallet' | 'kind' | 'assetContract' | 'tokenId'>,
  grain: AssetGrain,
): AssetRef {
  const kind = ASSET_KIND[entry.kind];
  const nft = kind === 'erc721' || kind === 'erc1155';
  return {
    chainId: entry.chainId,
    wallet: entry.wallet,
    kind,
    contract: kind === 'native' ? '' : entry.assetContract,
    tokenId: nft && grain === 'token' ? entry.tokenId : '',
  };
}

/** The one key of an asset: `chainId:wallet:native`, `chainId:wallet:contract` or `chainId:wallet:contract#tokenId`. */
export function assetKey(ref: Omit<AssetRef, 'kind'>): string {
  const asset = ref.contract === '' ? 'native' : ref.tokenId === '' ? ref.contract : `${ref.contract}#${ref.tokenId}`;
  return `${ref.chainId}:${ref.wallet}:${asset}`;
}

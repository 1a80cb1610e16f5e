import type { PriceQuery } from './PriceQuery.js';

/** What a movement needs to be priced: its chain, contract (`''` for the native coin), kind and spam verdict. */
export interface PricedAsset {
  chainId: number;
  assetContract: string;
  kind: string;
  spam: string;
  decimals: number | null;
}

/** Why a movement is never queried (spam costs no price call; an amount of unknown decimals has no units to value). */
export type UnqueriedReason = 'spam' | 'unknown decimals';

/**
 * The oracle's question for a movement at its row's time, or why it is never asked (one literal: a million rows
 * ask). A new object each time: a question kept to be handed out again was a young object stored into an old one,
 * a write barrier's slow path on every row, where a young object that dies costs almost nothing.
 */
export function priceQueryOf(asset: PricedAsset, time: number): PriceQuery | UnqueriedReason {
  if (asset.spam !== '') return 'spam';
  if (asset.decimals === null) return 'unknown decimals';
  const name = asset.assetContract === '' ? 'native' : asset.assetContract;
  const nft = asset.kind === 'erc721' || asset.kind === 'erc1155';
  return nft ? { chainId: asset.chainId, asset: name, time, nft: true } : { chainId: asset.chainId, asset: name, time };
}

/** One key per distinct question: rows asking the same thing share an answer. */
export function queryKey(query: PriceQuery): string {
  return `${query.chainId}|${query.asset}|${query.time}${query.nft === true ? '|nft' : ''}`;
}

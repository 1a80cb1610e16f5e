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

/** The question made last: a valued export asks each row's twice in a row (its tally, then its cells). */
let last: PriceQuery | null = null;
/** The contract the last question was made from, as the movement held it (its asset is the canonical string). */
let lastContract = '';

/**
 * One string per contract: every row's contract is a string of its own, and each map a row's question is looked
 * up in (the tally's, the reader's) compared it with its key character by character, in V8's runtime. A
 * question's asset is the first string met, so those lookups find their key by identity.
 */
const contracts = new Map<string, string>();

function canonical(contract: string): string {
  const known = contracts.get(contract);
  if (known !== undefined) return known;
  // A long-lived process (the workspace) meets new tokens for ever; a few thousand is what a book holds.
  if (contracts.size >= 65_536) contracts.clear();
  contracts.set(contract, contract);
  return contract;
}

/**
 * The oracle's question for a movement at its row's time, or why it is never asked (one literal: a million rows
 * ask). The same question asked again at once is the same object: queries are values, and a row's second asking
 * then costs no allocation, and readers that keep their last answer know it by identity.
 */
export function priceQueryOf(asset: PricedAsset, time: number): PriceQuery | UnqueriedReason {
  if (asset.spam !== '') return 'spam';
  if (asset.decimals === null) return 'unknown decimals';
  const contract = asset.assetContract;
  const nft = asset.kind === 'erc721' || asset.kind === 'erc1155';
  if (last !== null && last.time === time && last.chainId === asset.chainId && lastContract === contract && (last.nft === true) === nft) return last;
  const name = contract === '' ? 'native' : canonical(contract);
  lastContract = contract;
  last = nft ? { chainId: asset.chainId, asset: name, time, nft: true } : { chainId: asset.chainId, asset: name, time };
  return last;
}

/** One key per distinct question: rows asking the same thing share an answer. */
export function queryKey(query: PriceQuery): string {
  return `${query.chainId}|${query.asset}|${query.time}${query.nft === true ? '|nft' : ''}`;
}

import { chainPriceIds } from '../chains/priceIds.js';
import { mix32 } from './Prng.js';
import type { World } from './World.js';

/** The world's price series: one USD record per asset and hour, from the seed alone. */
export interface WorldPrice {
  /** Unix seconds of the record (the hour's start). */
  timestamp: number;
  /** USD per whole unit, at most 8 decimals, as JSON numbers carry it. */
  price: number;
  confidence: number;
}

/** No asset has a record in these days (a gap of several days, for `not found`). */
export const PRICE_GAP = { from: Date.UTC(2025, 4, 5) / 1000, to: Date.UTC(2025, 4, 9) / 1000 };

/** Base price in 1e-8 USD and the spread around it in 1e-5 parts, per kind of asset. */
const KINDS = {
  eth: { base: 2_500_00000000n, spread: 4000 },
  stable: { base: 1_00000000n, spread: 30 },
  gov: { base: 1_50000000n, spread: 3000 },
  points: { base: 5000000n, spread: 5000 },
  spam: { base: 12345n, spread: 9000 },
} as const;
type Kind = keyof typeof KINDS;

/** Spam tokens have a pool price DefiLlama marks with a low confidence (they must be refused, not valued). */
const LOW_CONFIDENCE = 0.1;

/**
 * A token's kind from what the world says of it; `undefined` = no price anywhere (unknown metadata, the pool
 * token, NFTs): the asset the sources know nothing of.
 */
function tokenKind(world: World, chainId: number, contract: string): Kind | undefined {
  const token = world.chain(chainId)?.tokens.find((candidate) => candidate.address === contract);
  if (token === undefined || token.standard !== 'erc20' || token.symbol === '' || token.symbol === 'UNI-V2') return undefined;
  if (token.note.startsWith('spam')) return 'spam';
  if (token.symbol === 'WETH') return 'eth';
  if (['USDC', 'USDT', 'DAI'].includes(token.symbol)) return 'stable';
  return token.symbol === 'PIX' ? 'points' : 'gov';
}

/** The record of the hour holding `time` for a token, or `undefined` (unknown asset, or the gap). */
export function tokenPrice(world: World, chainId: number, contract: string, time: number): WorldPrice | undefined {
  const kind = tokenKind(world, chainId, contract);
  return kind === undefined ? undefined : record(world.seed, `${chainId}:${contract}`, kind, time);
}

/** The record of a gas coin by its CoinGecko id: only the coins of the world's chains. */
export function coinPrice(world: World, coingeckoId: string, time: number): WorldPrice | undefined {
  const known = world.chainIds.some((chainId) => chainPriceIds(chainId)?.native === coingeckoId);
  return known ? record(world.seed, `coingecko:${coingeckoId}`, 'eth', time) : undefined;
}

function record(seed: number, key: string, kind: Kind, time: number): WorldPrice | undefined {
  const hour = Math.floor(time / 3600) * 3600;
  if (hour >= PRICE_GAP.from && hour < PRICE_GAP.to) return undefined;
  const { base, spread } = KINDS[kind];
  const roll = mix32(seed ^ mix32(hash(key) ^ mix32(hour / 3600)));
  const offset = BigInt((roll % (2 * spread + 1)) - spread);
  const units = (base * (100000n + offset)) / 100000n;
  return { timestamp: hour, price: Number(units) / 1e8, confidence: kind === 'spam' ? LOW_CONFIDENCE : 0.99 };
}

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

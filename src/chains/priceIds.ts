import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../packageRoot.js';

/** A chain's names at the price sources (data/priceIds.json). */
export interface ChainPriceIds {
  /** DefiLlama's chain prefix: `{defillama}:{contract}`. */
  readonly defillama: string;
  /** CoinGecko's asset platform for contract lookups. */
  readonly coingeckoPlatform: string;
  /** CoinGecko id of the gas coin, which DefiLlama also prices as `coingecko:{native}`. */
  readonly native: string;
}

let table: ReadonlyMap<number, ChainPriceIds> | undefined;

/** The price sources' names for a chain; `undefined` for a chain nobody mapped (its assets stay unpriced). */
export function chainPriceIds(chainId: number): ChainPriceIds | undefined {
  table ??= load();
  return table.get(chainId);
}

function load(): ReadonlyMap<number, ChainPriceIds> {
  const file = path.join(packageRoot(), 'data', 'priceIds.json');
  const data = JSON.parse(readFileSync(file, 'utf8')) as { chains: Record<string, ChainPriceIds> };
  return new Map(Object.entries(data.chains).map(([id, ids]) => [Number(id), ids]));
}

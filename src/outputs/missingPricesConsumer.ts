import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { MissingPrice } from '../prices/missingPrices.js';
import { MissingList } from '../prices/missingPrices.js';
import type { OutputConsumerSource } from './Output.js';

/** A non-spam row of a token whose decimals nobody knows: never asked a price, left without a value all the same. */
function unknownDecimals(list: MissingList, entry: LedgerEntry): void {
  if (entry.spam !== '' || entry.decimals !== null) return;
  const asset = { chainId: entry.chainId, asset: entry.assetContract === '' ? 'native' : entry.assetContract, symbol: entry.asset };
  list.add(asset, entry.timestamp, 1, 'unknown decimals');
}

/**
 * What `missingPricesOutput` gathers as the ledger passes: the rows of tokens with unknown decimals. Apart from the
 * output, so a part's thread loads no result schema.
 */
export const missingPricesConsumer: OutputConsumerSource<'missingPrices', MissingPrice[]> = {
  name: 'missingPrices',
  module: import.meta.url,
  consumer: () => {
    const list = new MissingList();
    return { add: (entry) => unknownDecimals(list, entry), state: () => list.list() };
  },
};

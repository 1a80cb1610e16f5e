import fs from 'node:fs';
import { defaultFiledDir } from '../filing/FiledRecord.js';
import { Decimal } from '../ledger/money.js';
import { openCachedPriceOracle } from '../pipeline/openPriceOracle.js';
import type { PriceQuery } from '../prices/PriceQuery.js';
import { openStoreAt } from '../store/openStoreAt.js';
import type { RefreshPlaces } from './entries/refreshEntries.js';
import { jobForRun } from './jobForRun.js';
import type { Book, BookPrice } from './WorkspaceData.js';

/**
 * How far apart a manual price and the sources' may be before the answer warns, when the request sets no
 * `warnFactor`: a shifted point or another asset's price is 10× off, an illiquid token's sources rarely 3×.
 */
export const DEFAULT_WARN_FACTOR = 3;

/**
 * Manual prices set beside the book's sources' price at their instants (the book's price cache alone, as the
 * transactions table reads it: no call): a warning for each that is more than `factor` times the other, since a
 * manual price outranks every source in every row of that asset near that time. None where the cache has no
 * source price (the usual case: a manual price fills a gap).
 */
export async function sourcePriceWarnings(
  places: RefreshPlaces,
  book: Book,
  prices: readonly BookPrice[],
  factor = DEFAULT_WARN_FACTOR,
): Promise<string[]> {
  const queries: PriceQuery[] = prices.map((price) => ({
    chainId: price.chainId,
    asset: price.asset,
    time: Date.parse(price.time) / 1000,
  }));
  const sources = await sourcePricesAt(places, book, queries);
  return prices.flatMap((price, n) => {
    const source = sources[n];
    if (source === undefined) return [];
    const ratio = new Decimal(price.price).div(source.price);
    if (ratio.lte(factor) && ratio.gte(new Decimal(1).div(factor))) return [];
    const apart = ratio.gt(1)
      ? `${ratio.toSignificantDigits(3).toString()} times`
      : `1/${new Decimal(1).div(ratio).toSignificantDigits(3).toString()} of`;
    return [
      `price ${price.price} ${price.currency} at ${price.time} is ${apart} the ${source.name} price ${source.price.toSignificantDigits(6).toString()} ${price.currency} (more than ${factor}× apart): saved all the same and used before the sources; delete it if it is a typo`,
    ];
  });
}

type SourcePrice = { price: Decimal; name: string } | undefined;

/** The book's sources' price (its price file left out) at each query's instant, from its store's cache, opened once; undefined where none. */
async function sourcePricesAt(places: RefreshPlaces, book: Book, queries: readonly PriceQuery[]): Promise<SourcePrice[]> {
  const location = places.stores.location(book.id);
  // A book never synced has no store (and no cached price); opening it must not create one.
  if (location.kind === 'sqlite' && !fs.existsSync(location.file)) return [];
  const state = places.stores.stateFile(book.id);
  const { valuation } = jobForRun({
    book: book.data,
    rules: [],
    request: { kind: 'sync' },
    api: places.api,
    state,
    out: '.',
    jobFile: 'job.json',
    now: places.now(),
    write: false,
    filedDir: defaultFiledDir(state),
  });
  const sources = valuation?.sources.filter((name) => name !== 'file') ?? [];
  if (valuation === undefined || sources.length === 0) return [];
  const store = openStoreAt(location);
  try {
    const oracle = openCachedPriceOracle({ ...valuation, sources }, store);
    await oracle.prepare(queries);
    return queries.map((query) => {
      const answer = oracle.priceAt(query);
      return answer.found ? { price: answer.price, name: answer.source } : undefined;
    });
  } finally {
    store.close();
  }
}

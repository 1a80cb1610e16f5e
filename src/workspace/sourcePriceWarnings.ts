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
 * A manual price set beside the book's sources' price at its instant (the book's price cache alone, as the
 * transactions table reads it: no call): a warning when one is more than `factor` times the other, since the
 * manual price outranks every source in every row of that asset near that time. None when the cache has no
 * source price there (the usual case: a manual price fills a gap).
 */
export async function sourcePriceWarnings(
  places: RefreshPlaces,
  book: Book,
  price: BookPrice,
  factor = DEFAULT_WARN_FACTOR,
): Promise<string[]> {
  const query: PriceQuery = { chainId: price.chainId, asset: price.asset, time: Date.parse(price.time) / 1000 };
  const source = await sourcePriceAt(places, book, query);
  if (source === undefined) return [];
  const ratio = new Decimal(price.price).div(source.price);
  if (ratio.lte(factor) && ratio.gte(new Decimal(1).div(factor))) return [];
  const apart = ratio.gt(1)
    ? `${ratio.toSignificantDigits(3).toString()} times`
    : `1/${new Decimal(1).div(ratio).toSignificantDigits(3).toString()} of`;
  return [
    `price ${price.price} ${price.currency} at ${price.time} is ${apart} the ${source.name} price ${source.price.toSignificantDigits(6).toString()} ${price.currency} (more than ${factor}× apart): saved all the same and used before the sources; delete it if it is a typo`,
  ];
}

/** The book's sources' price (its price file left out) at the query's instant, from its store's cache; undefined when none. */
async function sourcePriceAt(places: RefreshPlaces, book: Book, query: PriceQuery): Promise<{ price: Decimal; name: string } | undefined> {
  const location = places.stores.location(book.id);
  // A book never synced has no store (and no cached price); opening it must not create one.
  if (location.kind === 'sqlite' && !fs.existsSync(location.file)) return undefined;
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
  if (valuation === undefined || sources.length === 0) return undefined;
  const store = openStoreAt(location);
  try {
    const oracle = openCachedPriceOracle({ ...valuation, sources }, store);
    await oracle.prepare([query]);
    const answer = oracle.priceAt(query);
    return answer.found ? { price: answer.price, name: answer.source } : undefined;
  } finally {
    store.close();
  }
}

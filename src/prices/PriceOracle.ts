import type { AssetTimes } from './AssetTimes.js';
import type { PriceAnswer } from './PriceAnswer.js';
import type { PriceQuery } from './PriceQuery.js';

/** What valuation cost: for the summary line, the plan and the manifest. */
export interface PriceStats {
  currency: string;
  sources: string[];
  /** HTTP calls made to price and FX sources in this run. */
  calls: number;
  /** Calls the prepared queries needed before the cache was read. */
  expectedCalls: number;
  cacheHits: number;
  /** The FX source when prices were converted ('ecb'). */
  fx?: string;
}

export interface PriceOracle {
  /** The one asynchronous step, before rendering: fetch or read from the cache everything these queries need (spam rows are never queried; NFTs only from the file source). */
  prepare(queries: Iterable<PriceQuery>): Promise<void>;
  /** The same for questions grouped by asset (a render's noted questions come this way: no object per row). */
  prepareAssets(assets: readonly AssetTimes[]): Promise<void>;
  /** After prepare: one row's answer, synchronous (templates render synchronously). */
  priceAt(query: PriceQuery): PriceAnswer;
  stats(): PriceStats;
}

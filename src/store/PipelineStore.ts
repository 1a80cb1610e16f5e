import type { PriceCache } from '../prices/PriceCache.js';
import type { AddressTags } from './AddressTags.js';
import type { FinalAnswers } from './FinalAnswers.js';
import type { RecordStore } from './RecordStore.js';
import type { ScreeningLists } from './ScreeningLists.js';
import type { StoreLocation } from './StoreLocation.js';

/**
 * The store as the pipeline uses it: a book's records plus the API's facts about addresses (name tags,
 * screening lists) and assets (prices), and where it lives, so a worker thread can open it again. `Store` (SQLite) and
 * `PostgresStore` implement it.
 */
export interface PipelineStore extends RecordStore {
  readonly addressTags: AddressTags;
  readonly screeningLists: ScreeningLists;
  /** Prices and FX rates, each source, asset and bucket asked once ever. */
  readonly prices: PriceCache;
  /** The API's answers that cannot change any more, each asked once ever. */
  readonly finalAnswers: FinalAnswers;
  readonly location: StoreLocation;
}

import type { RecordedAnswers } from '../prices/RecordedPrices.js';
import type { ValuationSettings } from '../prices/ValuationSettings.js';
import type { RowPrices } from '../prices/valueLeg.js';

/** A rendering thread's prices: the answers recorded for its chains, or the store's price cache read there (when it holds every key the rows need). */
export type ThreadPrices = { answers: RecordedAnswers } | { cache: ValuationSettings };

/** A valued export's prepared prices as rendering reads them: here, and for the threads of other chains. */
export interface RenderValuation {
  prices: RowPrices;
  /** The prices of a thread rendering these chains (it asks no source). */
  forChains(chainIds: readonly number[]): ThreadPrices;
}

import type { RecordedAnswers } from '../prices/RecordedPrices.js';
import type { RowPrices } from '../prices/valueLeg.js';

/** A valued export's prepared prices as rendering reads them: here, and recorded for the threads of other chains. */
export interface RenderValuation {
  prices: RowPrices;
  /** The answers of these chains' questions as plain data, for a thread rendering them (it asks nothing). */
  forChains(chainIds: readonly number[]): RecordedAnswers;
}

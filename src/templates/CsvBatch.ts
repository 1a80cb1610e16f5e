import type { ResidualState } from './AmountFormatter.js';
import type { TieState } from './TieTally.js';
import type { ValueTotalsState } from './ValueTotals.js';

/**
 * Encoded CSV records of one part of the ledger, in the part's order, with what orders them against the
 * other parts' records. Parts never share a chain and the ledger order starts with timestamp then chain id,
 * so those two keys merge the parts back into exactly the order one pass over the whole ledger writes.
 * Plain arrays and strings: a batch crosses a thread as one cheap structured clone.
 */
export interface CsvBatch {
  /** The output files (relative to the out dir) this batch writes to; `file[i]` indexes it. */
  fileNames: string[];
  file: number[];
  timestamp: number[];
  chainId: number[];
  /** Records made by `csvLine`, without line breaks. */
  lines: string[];
}

/** What rendering one part counted, and the rounding residuals it moved. */
export interface CsvTally {
  rows: number;
  omittedSpamRows: number;
  duplicateRows: number;
  /** Rows whose every amount was below the tool's precision: left out, their amounts carried into later rows. */
  dustRows: number;
  residuals: ResidualState[];
  /** The part's tie-out: ledger and template totals per holding, and what was left out or merged. */
  tieout: TieState;
  /** A valued export's sums of the values the part's rows carry; `null` unvalued. */
  values: ValueTotalsState | null;
}

import type { ViewRow } from './ViewRow.js';

/** One line of a double-entry transaction: an account moves by a signed amount of one commodity. */
export interface Posting {
  /** 1-based transaction number in the file; all postings of one wallet transaction share it. */
  txn: number;
  row: ViewRow;
  account: string;
  /** The wallet's asset account, or the category's counter account (residuals are reported on the asset side). */
  side: 'asset' | 'counter';
  /** Signed base units: positive = debit, negative = credit. */
  amountRaw: bigint;
  decimals: number | null;
  commodity: string;
}

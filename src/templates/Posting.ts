import type { ViewRow } from './ViewRow.js';

/** One line of a double-entry transaction: an account moves by a signed amount of one commodity. */
export interface Posting {
  /** 1-based transaction number in the file; all postings of one wallet transaction share it. */
  txn: number;
  row: ViewRow;
  account: string;
  /** Signed base units: positive = debit, negative = credit. */
  amountRaw: bigint;
  decimals: number | null;
  commodity: string;
}

import type { Stream, WireReceipt, WireRecordOf } from '../etherscan/wire.js';

/**
 * The fields of each stream's wire record that the ledger reads, besides `blockNumber`. The store keeps
 * exactly these for every export (src/store/ledgerFields.ts), so a rule that starts reading another
 * field fails to typecheck until the field is listed here.
 */
export const LEDGER_FIELDS = {
  txlist: [
    'timeStamp',
    'hash',
    'transactionIndex',
    'from',
    'to',
    'value',
    'contractAddress',
    'isError',
    'txreceipt_status',
    'gasUsed',
    'gasPrice',
    'functionName',
  ],
  txlistinternal: ['timeStamp', 'hash', 'from', 'to', 'value', 'contractAddress', 'isError', 'type'],
  tokentx: [
    'timeStamp',
    'hash',
    'transactionIndex',
    'from',
    'to',
    'value',
    'contractAddress',
    'tokenName',
    'tokenSymbol',
    'tokenDecimal',
    'functionName',
  ],
  tokennfttx: [
    'timeStamp',
    'hash',
    'transactionIndex',
    'from',
    'to',
    'tokenID',
    'contractAddress',
    'tokenName',
    'tokenSymbol',
    'tokenDecimal',
    'functionName',
  ],
  token1155tx: [
    'timeStamp',
    'hash',
    'transactionIndex',
    'from',
    'to',
    'tokenID',
    'tokenValue',
    'contractAddress',
    'tokenName',
    'tokenSymbol',
    'functionName',
  ],
} as const satisfies { [S in Stream]: readonly (keyof WireRecordOf[S] & string)[] };

/**
 * The ids of a stored row's legs, worked out once when the row was stored (`rowEntryIds`): hashing them at every read
 * was ≈ 0.85 µs of each entry's ≈ 13. Absent on a row stored before them and on a wire record; the ledger then hashes.
 */
export interface StoredEntryIds {
  /** The id of the movement the record describes (`leg` `value`). */
  valueId?: string | undefined;
  /** On a txlist row: the id of the fee its sender paid (`leg` `fee`), '' otherwise. */
  feeId?: string | undefined;
}

/** What the ledger reads of one record of stream `S`. A whole wire record is one too. */
export type LedgerRecordOf<S extends Stream> = Pick<
  WireRecordOf[S],
  Extract<'blockNumber' | (typeof LEDGER_FIELDS)[S][number], keyof WireRecordOf[S]>
> &
  StoredEntryIds;
export type LedgerRecord = { [S in Stream]: LedgerRecordOf<S> }[Stream];

/** The receipt fields the fee and failure rules read. */
export const RECEIPT_FIELDS = ['gasUsed', 'effectiveGasPrice', 'status', 'l1Fee', 'blobGasUsed', 'blobGasPrice'] as const;

/** What the ledger reads of a receipt; a whole wire receipt is one too. */
export type LedgerReceipt = Pick<WireReceipt, (typeof RECEIPT_FIELDS)[number]>;

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

/** What the ledger reads of one record of stream `S`. A whole wire record is one too. */
export type LedgerRecordOf<S extends Stream> = Pick<
  WireRecordOf[S],
  Extract<'blockNumber' | (typeof LEDGER_FIELDS)[S][number], keyof WireRecordOf[S]>
>;
export type LedgerRecord = { [S in Stream]: LedgerRecordOf<S> }[Stream];

/** The receipt fields the fee and failure rules read. */
export const RECEIPT_FIELDS = ['gasUsed', 'effectiveGasPrice', 'status', 'l1Fee', 'blobGasUsed', 'blobGasPrice'] as const;

/** What the ledger reads of a receipt; a whole wire receipt is one too. */
export type LedgerReceipt = Pick<WireReceipt, (typeof RECEIPT_FIELDS)[number]>;

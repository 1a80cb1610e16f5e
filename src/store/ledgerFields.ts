import { STREAMS, type Stream, type WireReceipt, type WireRecord, type WireRecordOf } from '../etherscan/wire.js';
import type { LedgerRow } from './RecordStore.js';
import { normaliseHash } from '../ledger/groupTransactions.js';
import { LEDGER_FIELDS, RECEIPT_FIELDS, type LedgerReceipt, type LedgerRecord, type LedgerRecordOf } from '../ledger/LedgerRecord.js';
import { legIds, type LegIds } from '../ledger/rowEntryIds.js';

/**
 * The ledger's fields of a record or receipt as one line of text: the values in LEDGER_FIELDS order joined
 * by U+001F. An export reads a million of these, and splitting a line costs half of parsing the same fields
 * as JSON (bench: docs/performance.md). A value the joined form cannot carry (a hostile token name can hold one) turns the
 * line into U+001E followed by a JSON array, so every value round-trips exactly.
 */
const SEPARATOR = '\u001f';
const JSON_LINE = '\u001e';
/**
 * Values the joined form cannot carry: the two separators; U+0000, which PostgreSQL text cannot hold; and a
 * lone surrogate, which UTF-8 cannot encode. JSON escapes all of them, so both stores keep the same exact line.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const NEEDS_JSON = /[\u0000\u001e\u001f]|\p{Cs}/u;

function encode(values: string[]): string {
  return values.some((value) => NEEDS_JSON.test(value)) ? JSON_LINE + JSON.stringify(values) : values.join(SEPARATOR);
}

function decode(text: string): string[] {
  return text.startsWith(JSON_LINE) ? (JSON.parse(text.slice(1)) as string[]) : text.split(SEPARATOR);
}

/** An absent or null wire value is stored as '', which every ledger rule reads as absent. */
function text(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}

/** `ids`: the row's legs' ids (`rowEntryIds`), after the fields; a line without them is read as a row without. */
export function encodeLedgerFields(stream: Stream, record: WireRecord, ids?: LegIds): string {
  const fields = record as unknown as Record<string, unknown>;
  const values = LEDGER_FIELDS[stream].map((name) => text(fields[name]));
  if (ids !== undefined) values.push(...ids);
  return encode(values);
}

type Decoder<S extends Stream> = (blockNumber: string, f: readonly string[]) => LedgerRecordOf<S>;

/**
 * One object literal per stream, in LEDGER_FIELDS order (the encode side reads that list; the test round-trips
 * every stream), then the stored ids (undefined on a line without them): a million records then share five V8
 * shapes, and the compiler checks each literal holds every field the ledger reads, which filling an object from the
 * name list could not check.
 */
const DECODERS: { [S in Stream]: Decoder<S> } = {
  txlist: (blockNumber, f) => ({
    blockNumber,
    timeStamp: at(f, 0),
    hash: at(f, 1),
    transactionIndex: at(f, 2),
    from: at(f, 3),
    to: at(f, 4),
    value: at(f, 5),
    contractAddress: at(f, 6),
    isError: at(f, 7),
    txreceipt_status: at(f, 8),
    gasUsed: at(f, 9),
    gasPrice: at(f, 10),
    functionName: at(f, 11),
    valueId: f[12],
    feeId: f[13],
  }),
  txlistinternal: (blockNumber, f) => ({
    blockNumber,
    timeStamp: at(f, 0),
    hash: at(f, 1),
    from: at(f, 2),
    to: at(f, 3),
    value: at(f, 4),
    contractAddress: at(f, 5),
    isError: at(f, 6),
    type: at(f, 7),
    valueId: f[8],
    feeId: f[9],
  }),
  tokentx: (blockNumber, f) => ({
    blockNumber,
    timeStamp: at(f, 0),
    hash: at(f, 1),
    transactionIndex: at(f, 2),
    from: at(f, 3),
    to: at(f, 4),
    value: at(f, 5),
    contractAddress: at(f, 6),
    tokenName: at(f, 7),
    tokenSymbol: at(f, 8),
    tokenDecimal: at(f, 9),
    functionName: at(f, 10),
    valueId: f[11],
    feeId: f[12],
  }),
  tokennfttx: (blockNumber, f) => ({
    blockNumber,
    timeStamp: at(f, 0),
    hash: at(f, 1),
    transactionIndex: at(f, 2),
    from: at(f, 3),
    to: at(f, 4),
    tokenID: at(f, 5),
    contractAddress: at(f, 6),
    tokenName: at(f, 7),
    tokenSymbol: at(f, 8),
    tokenDecimal: at(f, 9),
    functionName: at(f, 10),
    valueId: f[11],
    feeId: f[12],
  }),
  token1155tx: (blockNumber, f) => ({
    blockNumber,
    timeStamp: at(f, 0),
    hash: at(f, 1),
    transactionIndex: at(f, 2),
    from: at(f, 3),
    to: at(f, 4),
    tokenID: at(f, 5),
    tokenValue: at(f, 6),
    contractAddress: at(f, 7),
    tokenName: at(f, 8),
    tokenSymbol: at(f, 9),
    functionName: at(f, 10),
    valueId: f[11],
    feeId: f[12],
  }),
};

function at(values: readonly string[], index: number): string {
  return values[index] ?? '';
}

/** The record as the ledger reads it; `blockNumber` comes from the row's own column. */
export function decodeLedgerFields(stream: Stream, blockNumber: number, line: string): LedgerRecord {
  return (DECODERS[stream] as (blockNumber: string, f: readonly string[]) => LedgerRecord)(String(blockNumber), decode(line));
}

export function encodeReceiptFields(receipt: WireReceipt): string {
  return encode(RECEIPT_FIELDS.map((name) => text(receipt[name])));
}

export function decodeReceiptFields(line: string): LedgerReceipt {
  const [gasUsed = '', effectiveGasPrice = '', status = '', l1Fee = '', blobGasUsed = '', blobGasPrice = ''] = decode(line);
  return { gasUsed, effectiveGasPrice, status, l1Fee, blobGasUsed, blobGasPrice };
}

/** For the store step that fills `ledger_rows` from stored raw JSON (`ledger_fields_of`, src/store/migrateStore.ts). */
export function ledgerFieldsOfRaw(stream: string, raw: string): string {
  return encodeLedgerFields(stream as Stream, JSON.parse(raw) as WireRecordOf[Stream]);
}

/** For the store step that adds each stored line's legs' ids (`ledger_row_hash`): the hash its transaction is grouped by. */
export function ledgerRowHash(stream: string, line: string): string {
  return normaliseHash(decodeLedgerFields(stream as Stream, 0, line).hash);
}

/** For the same step (`ledger_fields_with_ids`): a stored line without ids, with its legs' ids after its fields. */
export function ledgerFieldsWithIds(chainId: number, wallet: string, stream: string, line: string, ref: number): string {
  const values = decode(line);
  if (values.length !== LEDGER_FIELDS[stream as Stream].length) return line;
  const hash = decodeLedgerFields(stream as Stream, 0, line).hash;
  return encode([...values, ...legIds(chainId, hash, wallet, stream as Stream, String(ref))]);
}

/**
 * One stored `ledger_rows` line as the ledger reads it, whichever store it came from. `owned` are the read's wallets,
 * lowercase as stored: the row's wallet and stream come back as the caller's and the stream list's own strings.
 */
export function decodeLedgerRow(
  owned: readonly string[],
  block: number,
  wallet: string,
  stream: Stream,
  fields: string,
  receipt: string | null,
): LedgerRow {
  const name = sameString(STREAMS, stream);
  return {
    wallet: sameString(owned, wallet),
    stream: name,
    record: decodeLedgerFields(name, block, fields),
    receipt: receipt === null ? null : decodeReceiptFields(receipt),
  };
}

/**
 * The string of `list` equal to `value`, else `value`. A store hands each row a fresh string for its wallet and
 * stream, and every map keyed by the wallet hashed it again, every property read by the stream looked it up in
 * V8's string table again; one string per wallet and stream is hashed once. The lists are short: a job's wallets,
 * five streams of distinct lengths.
 */
function sameString<T extends string>(list: readonly T[], value: T): T {
  for (const item of list) if (item === value) return item;
  return value;
}

import type { Stream, WireReceipt, WireRecord, WireRecordOf } from '../etherscan/wire.js';
import { LEDGER_FIELDS, RECEIPT_FIELDS, type LedgerReceipt, type LedgerRecord } from '../ledger/LedgerRecord.js';

/**
 * The ledger's fields of a record or receipt as one line of text: the values in LEDGER_FIELDS order joined
 * by U+001F. An export reads a million of these, and splitting a line costs half of parsing the same fields
 * as JSON (bench: docs/performance.md). A value holding U+001E or U+001F (a hostile token name can) turns the
 * line into U+001E followed by a JSON array, so every value round-trips exactly.
 */
const SEPARATOR = '\u001f';
const JSON_LINE = '\u001e';

function encode(values: string[]): string {
  return values.some((value) => value.includes(SEPARATOR) || value.includes(JSON_LINE)) ? JSON_LINE + JSON.stringify(values) : values.join(SEPARATOR);
}

function decode(text: string): string[] {
  return text.startsWith(JSON_LINE) ? (JSON.parse(text.slice(1)) as string[]) : text.split(SEPARATOR);
}

/** An absent or null wire value is stored as '', which every ledger rule reads as absent. */
function text(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}

export function encodeLedgerFields(stream: Stream, record: WireRecord): string {
  const fields = record as unknown as Record<string, unknown>;
  return encode(LEDGER_FIELDS[stream].map((name) => text(fields[name])));
}

/** The record as the ledger reads it; `blockNumber` comes from the row's own column. */
export function decodeLedgerFields(stream: Stream, blockNumber: number, line: string): LedgerRecord {
  const names: readonly string[] = LEDGER_FIELDS[stream];
  const values = decode(line);
  // Built up in one order per stream, so every record of a stream shares one V8 shape.
  const record: Record<string, string> = { blockNumber: String(blockNumber) };
  for (let i = 0; i < names.length; i += 1) record[names[i] as string] = values[i] ?? '';
  return record as unknown as LedgerRecord;
}

export function encodeReceiptFields(receipt: WireReceipt): string {
  return encode(RECEIPT_FIELDS.map((name) => text(receipt[name])));
}

export function decodeReceiptFields(line: string): LedgerReceipt {
  const [gasUsed = '', effectiveGasPrice = '', status = '', l1Fee = '', blobGasUsed = '', blobGasPrice = ''] = decode(line);
  return { gasUsed, effectiveGasPrice, status, l1Fee, blobGasUsed, blobGasPrice };
}

/** For the migration, which encodes stored raw JSON. */
export function ledgerFieldsOfRaw(stream: string, raw: string): string {
  return encodeLedgerFields(stream as Stream, JSON.parse(raw) as WireRecordOf[Stream]);
}

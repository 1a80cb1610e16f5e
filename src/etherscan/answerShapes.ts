import type { WireBlock, WireReceipt } from './wire.js';
import type { WireAddressTag } from './WireAddressTag.js';

/** What the client checks of an answer's `result` before handing it on as a wire type. */

export const DECIMAL = /^[0-9]+$/;
export const HEX = /^0x[0-9a-fA-F]+$/;

/** What the block cursor and the store key need of every row of every list action. */
export function isListRow(value: unknown): boolean {
  const { blockNumber, hash } = asRecord(value);
  return typeof blockNumber === 'string' && DECIMAL.test(blockNumber) && typeof hash === 'string';
}

/** The fields every receipt has had since Frontier; the fee and the status are read from them. */
export function isReceipt(value: unknown): value is WireReceipt {
  const { transactionHash, gasUsed } = asRecord(value);
  return !Array.isArray(value) && typeof transactionHash === 'string' && typeof gasUsed === 'string';
}

/** A block header: its number and its time, both hex quantities. */
export function isBlock(value: unknown): value is WireBlock {
  const { number, timestamp } = asRecord(value);
  return typeof number === 'string' && HEX.test(number) && typeof timestamp === 'string' && HEX.test(timestamp);
}

export function isAddressTag(value: unknown): value is WireAddressTag {
  const record = asRecord(value);
  return (
    typeof record['address'] === 'string' &&
    typeof record['nametag'] === 'string' &&
    Array.isArray(record['labels']) &&
    Array.isArray(record['labels_slug'])
  );
}

export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

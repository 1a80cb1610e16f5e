import { feeNeedsReceipt } from '../chains/chains.js';
import type { Chain } from '../chains/chains.js';
import type { LedgerReceipt, LedgerRecordOf } from './LedgerRecord.js';
import { parseInteger } from './money.js';

export interface TransactionFee {
  /** Wei paid by the sender. */
  raw: bigint;
  /** The receipt's effective price was used. */
  fromReceipt: boolean;
  /** False when the fee needed a receipt that was missing (or lacked an effective price), so the txlist bid stands in. */
  exact: boolean;
}

/**
 * The fee the sender paid. The receipt's effective price is the truth once a chain has a fee market: on
 * Arbitrum the txlist gasPrice is only the bid, and OP-stack chains charge the L1 data fee (`l1Fee`, the
 * explorer's own figure, because its formula changed at Bedrock and Ecotone) on top; a chain whose model
 * nobody checked gets the same L1 term whenever its receipt has one. Blob gas (EIP-4844) is paid on top of
 * execution gas. Before the fee market the txlist row's gasUsed × gasPrice is exactly what was paid, so
 * such a transaction has no receipt unless `--fees receipts` asked for one.
 */
export function transactionFee(tx: LedgerRecordOf<'txlist'>, receipt: LedgerReceipt | null, chain: Chain): TransactionFee {
  const effectivePrice = optional(receipt?.effectiveGasPrice);
  const fromReceipt = receipt !== null && effectivePrice !== null;
  const execution = fromReceipt ? parseInteger(receipt.gasUsed) * effectivePrice : parseInteger(tx.gasUsed) * parseInteger(tx.gasPrice);
  const l1 = chain.feeModel === 'op-stack' || chain.feeModel === 'unknown' ? (optional(receipt?.l1Fee) ?? 0n) : 0n;
  const blobGasUsed = optional(receipt?.blobGasUsed);
  const blobGasPrice = optional(receipt?.blobGasPrice);
  const blob = blobGasUsed !== null && blobGasPrice !== null ? blobGasUsed * blobGasPrice : 0n;
  const exact = fromReceipt || !feeNeedsReceipt(chain, Number(tx.blockNumber));
  return { raw: execution + l1 + blob, fromReceipt, exact };
}

/** Receipt fields are absent or null on chains and forks that do not have them. */
function optional(value: unknown): bigint | null {
  return typeof value === 'string' && value !== '' ? parseInteger(value) : null;
}

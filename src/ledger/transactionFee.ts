import type { Chain } from '../chains/chains.js';
import type { LedgerReceipt, LedgerRecordOf } from './LedgerRecord.js';
import { parseInteger } from './money.js';

export interface TransactionFee {
  /** Wei paid by the sender. */
  raw: bigint;
  /** False when the receipt was missing or lacked an effective price, so the txlist bid was used. */
  fromReceipt: boolean;
}

/**
 * The fee the sender paid. The receipt's effective price is the truth: on Arbitrum the txlist gasPrice is
 * only the bid, and OP-stack chains charge the L1 data fee (`l1Fee`, the explorer's own figure, because
 * its formula changed at Bedrock and Ecotone) on top. Blob gas (EIP-4844) is paid on top of execution gas.
 */
export function transactionFee(tx: LedgerRecordOf<'txlist'>, receipt: LedgerReceipt | null, chain: Chain): TransactionFee {
  const effectivePrice = optional(receipt?.effectiveGasPrice);
  const execution =
    receipt !== null && effectivePrice !== null
      ? parseInteger(receipt.gasUsed) * effectivePrice
      : parseInteger(tx.gasUsed) * parseInteger(tx.gasPrice);
  const l1 = chain.feeModel === 'op-stack' ? (optional(receipt?.l1Fee) ?? 0n) : 0n;
  const blobGasUsed = optional(receipt?.blobGasUsed);
  const blobGasPrice = optional(receipt?.blobGasPrice);
  const blob = blobGasUsed !== null && blobGasPrice !== null ? blobGasUsed * blobGasPrice : 0n;
  return { raw: execution + l1 + blob, fromReceipt: effectivePrice !== null };
}

/** Receipt fields are absent or null on chains and forks that do not have them. */
function optional(value: unknown): bigint | null {
  return typeof value === 'string' && value !== '' ? parseInteger(value) : null;
}

import type { TxGroup } from './TxGroup.js';

/**
 * A failed transaction paid gas and moved nothing. Any one source saying so is enough: the txlist flags
 * (seen by every owned wallet that lists the tx) or the receipt's status.
 */
export function isFailedTransaction(group: TxGroup): boolean {
  if (group.receipt?.status === '0x0') return true;
  for (const records of group.byWallet.values()) {
    if (records.txlist.some(({ record }) => record.isError === '1' || record.txreceipt_status === '0')) return true;
  }
  return false;
}

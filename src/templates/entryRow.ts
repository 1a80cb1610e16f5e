import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { ViewRow } from './ViewRow.js';
import { legOf } from './ViewRow.js';

/** Entry layout: the entry is one side of its own row; a fee entry is an outgoing fee row. */
export function entryRow(entry: LedgerEntry): ViewRow {
  const leg = legOf(entry);
  const isFee = entry.kind === 'fee';
  return {
    timestamp: entry.timestamp,
    chainId: entry.chainId,
    blockNumber: entry.blockNumber,
    txHash: entry.txHash,
    wallet: entry.wallet,
    walletLabel: entry.walletLabel,
    counterparty: entry.counterparty,
    counterpartyLabel: entry.counterpartyLabel,
    method: entry.method,
    shape: isFee ? 'fee' : entry.direction,
    category: entry.category,
    failed: entry.category === 'failed_fee',
    spam: entry.spam,
    sent: entry.direction === 'out' ? leg : null,
    received: entry.direction === 'in' ? leg : null,
    fee: null,
    pool: null,
    rowId: entry.entryId,
    entry,
    balance: null,
  };
}

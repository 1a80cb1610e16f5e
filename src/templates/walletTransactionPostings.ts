import type { JournalAccounts } from './JournalAccounts.js';
import type { Posting } from './Posting.js';
import { entryRow } from './entryRow.js';
import type { WalletTransaction } from './WalletTransaction.js';

/**
 * Double entry for one wallet transaction: every ledger entry moves the wallet's asset account and, by the
 * same amount of the same commodity, the counter account its category names. So each transaction balances
 * per commodity by construction (debits equal credits), and the asset accounts sum to the ledger.
 */
export function walletTransactionPostings(tx: WalletTransaction, txn: number, accounts: JournalAccounts): Posting[] {
  const postings: Posting[] = [];
  for (const entry of tx.entries) {
    const names = accounts.forEntry(entry);
    const row = entryRow(entry);
    const signed = entry.direction === 'in' ? entry.amountRaw : -entry.amountRaw;
    postings.push({ txn, row, decimals: entry.decimals, commodity: names.commodity, side: 'asset', account: names.asset, amountRaw: signed });
    postings.push({ txn, row, decimals: entry.decimals, commodity: names.commodity, side: 'counter', account: names.counter, amountRaw: -signed });
  }
  return postings;
}

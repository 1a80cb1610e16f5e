import type { AccountDialect } from './journalNames.js';
import { journalAccount, journalCommodity } from './journalNames.js';
import type { Posting } from './Posting.js';
import { entryRow } from './entryRow.js';
import { legOf } from './ViewRow.js';
import type { WalletTransaction } from './WalletTransaction.js';

/**
 * Double entry for one wallet transaction: every ledger entry moves the wallet's asset account and, by the
 * same amount of the same commodity, the counter account its category names. So each transaction balances
 * per commodity by construction (debits equal credits), and the asset accounts sum to the ledger.
 */
export function walletTransactionPostings(
  tx: WalletTransaction,
  txn: number,
  accounts: Readonly<Record<string, string>>,
  dialect: AccountDialect,
): Posting[] {
  const postings: Posting[] = [];
  for (const entry of tx.entries) {
    const leg = legOf(entry);
    const commodity = journalCommodity(leg);
    const row = entryRow(entry);
    const signed = entry.direction === 'in' ? entry.amountRaw : -entry.amountRaw;
    const counter = accounts[`${entry.category}.${entry.direction}`] ?? accounts[entry.category] ?? accounts['*'] ?? 'equity:unknown';
    const assetPattern = accounts.asset ?? 'assets:{chain}:{wallet}:{asset}';
    const common = { txn, row, decimals: entry.decimals, commodity };
    postings.push({ ...common, side: 'asset', account: journalAccount(assetPattern, tx.chainId, tx.wallet, commodity, dialect), amountRaw: signed });
    postings.push({ ...common, side: 'counter', account: journalAccount(counter, tx.chainId, tx.wallet, commodity, dialect), amountRaw: -signed });
  }
  return postings;
}

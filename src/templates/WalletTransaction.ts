import type { LedgerEntry } from '../ledger/LedgerEntry.js';

/** The entries of one transaction for one wallet on one chain: the unit most tax tools call a transaction. */
export interface WalletTransaction {
  wallet: string;
  chainId: number;
  txHash: string;
  entries: LedgerEntry[];
}

/**
 * Groups entries by (wallet, chain, tx hash). A transaction's entries are contiguous in ledger order, but
 * the legs of two owned wallets may interleave inside it, so the transaction is collected first and then
 * split per wallet (in order of first appearance). Memory stays O(one transaction).
 */
export function* walletTransactions(entries: Iterable<LedgerEntry>): Generator<WalletTransaction> {
  let chainId = -1;
  let txHash = '';
  let byWallet = new Map<string, WalletTransaction>();
  for (const entry of entries) {
    if (entry.chainId !== chainId || entry.txHash !== txHash) {
      yield* byWallet.values();
      byWallet = new Map();
      chainId = entry.chainId;
      txHash = entry.txHash;
    }
    const existing = byWallet.get(entry.wallet);
    if (existing === undefined) byWallet.set(entry.wallet, { wallet: entry.wallet, chainId, txHash, entries: [entry] });
    else existing.entries.push(entry);
  }
  yield* byWallet.values();
}

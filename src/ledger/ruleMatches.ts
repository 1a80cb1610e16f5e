import type { LedgerEntry } from './LedgerEntry.js';
import type { LedgerRule } from './LedgerRule.js';

/** Every criterion the rule gives holds for the entry (`null` and absent criteria match anything). */
export function ruleMatches({ match }: LedgerRule, entry: LedgerEntry): boolean {
  return (
    (match.entries === undefined || match.entries.includes(entry.entryId)) &&
    (match.chainId === null || match.chainId === entry.chainId) &&
    (match.txHash === null || match.txHash === entry.txHash) &&
    (match.contract === null || match.contract === entry.assetContract) &&
    (match.counterparty === null || match.counterparty === entry.counterparty) &&
    (match.method === null || match.method === entry.method.toLowerCase()) &&
    (match.wallet === undefined || match.wallet === entry.wallet) &&
    (match.asset === undefined || match.asset === entry.asset.toLowerCase()) &&
    (match.category === undefined || match.category === entry.category) &&
    (match.direction === undefined || match.direction === entry.direction) &&
    (match.from === undefined || entry.timestamp >= match.from) &&
    (match.to === undefined || entry.timestamp < match.to) &&
    (match.spam === undefined || match.spam === (entry.spam !== '')) &&
    (match.text === undefined || searchText(entry).includes(match.text))
  );
}

/** The text a view's search looks in (the transactions table's `search` column holds the same fields). */
export function searchText(entry: LedgerEntry): string {
  return [entry.txHash, entry.counterparty, entry.counterpartyLabel, entry.walletLabel, entry.method, entry.asset].join(' ').toLowerCase();
}

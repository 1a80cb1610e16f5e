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
    (match.method === null || match.method === entry.method.toLowerCase())
  );
}

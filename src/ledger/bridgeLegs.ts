import { contextIndex } from './ContextIndex.js';
import { entriesForTransaction } from './entriesForTransaction.js';
import type { LedgerContext } from './LedgerContext.js';
import type { LedgerEntry } from './LedgerEntry.js';
import type { TxGroup } from './TxGroup.js';

/**
 * The bridge legs of one chain's transactions, without building the rest of the ledger: only transactions
 * with a record from or to a canonical bridge are looked at. A bridge leg's category and id do not depend on
 * earlier transactions, so these are exactly the bridge entries `buildLedger` yields.
 */
export function* bridgeLegs(groups: Iterable<TxGroup>, context: LedgerContext): Generator<LedgerEntry> {
  const bridges = contextIndex(context).bridges;
  if (bridges.size === 0) return;
  for (const group of groups) {
    if (!touchesBridge(group, bridges)) continue;
    for (const entry of entriesForTransaction(group, context)) if (entry.category === 'bridge') yield entry;
  }
}

function touchesBridge(group: TxGroup, bridges: ReadonlyMap<string, unknown>): boolean {
  for (const records of group.byWallet.values()) {
    for (const rows of [records.txlist, records.txlistinternal, records.tokentx]) {
      for (const { record } of rows) if (bridges.has(record.from.toLowerCase()) || bridges.has(record.to.toLowerCase())) return true;
    }
  }
  return false;
}

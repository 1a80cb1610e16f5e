import { LedgerscanError } from '../errors/LedgerscanError.js';
import { entriesForTransaction } from './entriesForTransaction.js';
import type { LedgerContext } from './LedgerContext.js';
import type { LedgerEntry } from './LedgerEntry.js';
import { SentTokens } from './SentTokens.js';
import type { TxGroup } from './TxGroup.js';

/**
 * One chain's ledger, entry by entry, in ledger order when the groups come in block order (as
 * `groupTransactions` yields them). Holds one transaction's entries and the set of tokens each wallet
 * has sent, never the history.
 */
export function* buildLedger(groups: Iterable<TxGroup>, context: LedgerContext): Generator<LedgerEntry> {
  const sent = new SentTokens();
  for (const group of groups) {
    if (group.chainId !== context.chain.id) {
      throw new LedgerscanError('transaction of another chain in the ledger', {
        details: { expectedChain: context.chain.id, chain: group.chainId, tx: group.txHash },
      });
    }
    const entries = entriesForTransaction(group, context, sent);
    for (const entry of entries) sent.record(entry);
    yield* entries;
  }
}

import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { AccountDialect } from './journalNames.js';
import { journalAccount, journalCommodity } from './journalNames.js';
import { legOf } from './ViewRow.js';

/**
 * Account and commodity names for journal postings, computed once per (chain, wallet, asset, category):
 * a million-entry export repeats the same few hundred names.
 */
export class JournalAccounts {
  private readonly patterns: Readonly<Record<string, string>>;
  private readonly dialect: AccountDialect;
  private readonly cache = new Map<string, { commodity: string; asset: string; counter: string }>();

  constructor(patterns: Readonly<Record<string, string>>, dialect: AccountDialect) {
    this.patterns = patterns;
    this.dialect = dialect;
  }

  forEntry(entry: LedgerEntry): { commodity: string; asset: string; counter: string } {
    const key = `${entry.chainId}\u0000${entry.wallet}\u0000${entry.assetContract}\u0000${entry.asset}\u0000${entry.kind}\u0000${entry.category}\u0000${entry.direction}`;
    let names = this.cache.get(key);
    if (names === undefined) {
      const commodity = journalCommodity(legOf(entry));
      const p = this.patterns;
      const counter = p[`${entry.category}.${entry.direction}`] ?? p[entry.category] ?? p['*'] ?? 'equity:unknown';
      names = {
        commodity,
        asset: journalAccount(p.asset ?? 'assets:{chain}:{wallet}:{asset}', entry.chainId, entry.wallet, commodity, this.dialect),
        counter: journalAccount(counter, entry.chainId, entry.wallet, commodity, this.dialect),
      };
      this.cache.set(key, names);
    }
    return names;
  }
}

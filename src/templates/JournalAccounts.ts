import type { Category, Direction } from '../ledger/LedgerEntry.js';
import type { Holding } from './Holdings.js';
import type { AccountDialect } from './journalNames.js';
import { journalAccount, journalCommodity } from './journalNames.js';

export interface PostingNames {
  commodity: string;
  asset: string;
  counter: string;
}

/**
 * Account and commodity names for journal postings, computed once per (holding, category, direction): a
 * million-entry export repeats the same few hundred names. Spam (by the holding's first movement) is booked in
 * its own asset tree, so real holdings stay clean and nothing vanishes.
 */
export class JournalAccounts {
  private readonly patterns: Readonly<Record<string, string>>;
  private readonly dialect: AccountDialect;
  private readonly cache = new Map<string, PostingNames>();

  constructor(patterns: Readonly<Record<string, string>>, dialect: AccountDialect) {
    this.patterns = patterns;
    this.dialect = dialect;
  }

  /** A movement of the holding; the counter account is the category's. */
  forMovement(holding: Holding, category: Category, direction: Direction): PostingNames {
    const p = this.patterns;
    return this.named(
      holding,
      `${category}.${direction}`,
      () => p[`${category}.${direction}`] ?? p[category] ?? p['*'] ?? 'equity:unknown',
    );
  }

  /** The holding's balance at a period boundary, against the opening-balances equity account. */
  forBalance(holding: Holding): PostingNames {
    return this.named(
      holding,
      'opening',
      () => this.patterns.opening ?? (this.dialect === 'beancount' ? 'Equity:Opening-Balances' : 'equity:opening-balances'),
    );
  }

  private named(holding: Holding, role: string, counterPattern: () => string): PostingNames {
    const key = `${holding.key}\u0000${role}`;
    let names = this.cache.get(key);
    if (names === undefined) {
      const commodity = journalCommodity(holding.leg);
      const p = this.patterns;
      const assetPattern = (holding.leg.spam === '' ? undefined : p.spam) ?? p.asset ?? 'assets:{chain}:{wallet}:{asset}';
      const account = (pattern: string): string => journalAccount(pattern, holding.chainId, holding.wallet, commodity, this.dialect);
      names = { commodity, asset: account(assetPattern), counter: account(counterPattern()) };
      this.cache.set(key, names);
    }
    return names;
  }
}

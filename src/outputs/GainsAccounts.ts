import type { Holding } from '../costbasis/BasisEvent.js';
import type { AccountDialect } from '../templates/journalNames.js';
import { journalAccount, journalCommodity } from '../templates/journalNames.js';
import { chainSlug } from '../templates/journalSurvey.js';
import type { GainsLine } from './GainsJournal.js';

/** A holding's commodity as the plain-text journals name it (unique per token, valid in beancount and hledger). */
export function holdingCommodity(holding: Holding): string {
  const kind = holding.assetContract === '' ? 'native' : 'erc20';
  return journalCommodity({ ...holding, kind, tokenId: '', amountRaw: 0n, category: 'trade', spam: '' });
}

/**
 * The account of each line of a gains journal, from its names by role (`lotAccounts`): the asset pattern filled with
 * the holding's chain, wallet and commodity, the income pattern with the category (or `income.<category>` itself).
 * A plain-text dialect makes every part valid for its program; the CSV journals take the names as given.
 */
export class GainsAccounts {
  private readonly cache = new Map<string, string>();

  constructor(
    private readonly names: Readonly<Record<string, string>>,
    private readonly dialect: AccountDialect | null,
  ) {}

  of(line: GainsLine): string {
    const { holding, category } = line;
    const key = `${line.role}\u0000${holding === undefined ? '' : `${holding.chainId}\u0000${holding.wallet}\u0000${holding.assetContract}`}\u0000${category ?? ''}`;
    let account = this.cache.get(key);
    if (account === undefined) this.cache.set(key, (account = this.name(line)));
    return account;
  }

  private name({ role, holding, category }: GainsLine): string {
    const pattern =
      role === 'income'
        ? (this.names[`income.${category ?? ''}`] ?? (this.names.income as string).replaceAll('{category}', category ?? ''))
        : // A lots template of the user's own written before `removed`, `owed` and `same_day` were roles: gifts and
          // losses are spending there, uk's owed units and same-day clearing go through the trades' clearing account.
          (this.names[role] ?? ((role === 'owed' || role === 'same_day' ? this.names.exchange : this.names.spending) as string));
    const chainId = holding?.chainId ?? 0;
    const wallet = holding?.wallet ?? '';
    const commodity = holding === undefined ? '' : holdingCommodity(holding);
    if (this.dialect !== null) return journalAccount(pattern, chainId, wallet, commodity, this.dialect);
    return holding === undefined
      ? pattern
      : pattern.replaceAll('{chain}', chainSlug(chainId)).replaceAll('{wallet}', wallet).replaceAll('{asset}', commodity);
  }
}

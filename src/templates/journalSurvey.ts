import { findChain } from '../chains/chains.js';
import type { AccountDialect } from './journalNames.js';
import type { CommodityDeclaration, LeftOutNote } from './journalText.js';
import type { JournalStep } from './journalWalk.js';
import type { Posting } from './Posting.js';

/** Python's default decimal context, which beancount computes in: a longer sum is rounded. */
export const BEANCOUNT_DIGITS = 28;
/**
 * bean-query (and every report built on beancount's display context) quantizes a number with a precision of its
 * commodity's usual decimals plus 9, so a number of 10^9 units or more ends the query in `InvalidOperation`.
 */
const BEANCOUNT_WHOLE_DIGITS = 9;

/** What a journal must know before its first line: the names to declare, and (beancount) the commodities it leaves out. */
export interface JournalSurvey {
  firstDate: string;
  /** Declared commodities and accounts, sorted, without those only a left-out commodity uses. */
  commodities: CommodityDeclaration[];
  accounts: string[];
  leftOut: Map<string, LeftOutNote>;
}

type Declared = CommodityDeclaration & { contracts: string[]; chains: string[] };

/**
 * What a journal's transactions declare, gathered as they are written, so the file can declare every account and
 * commodity before its first use (ledger-cli's `--strict` and `--pedantic`) and keep its memory to one entry per name.
 * beancount leaves out a commodity whose debits reach 10^9 units or 28 significant digits: every balance and sum
 * of it is bounded by its debits, so everything left stays exact and displayable in every beancount report.
 */
export class JournalSurveyor {
  private readonly declared = new Map<string, Declared>();
  private readonly debits = new Map<string, bigint>();
  private readonly accounts = new Map<string, Set<string>>();
  private firstDate = '';

  constructor(private readonly dialect: AccountDialect) {}

  add({ tx, date }: JournalStep): void {
    if (this.firstDate === '' || date < this.firstDate) this.firstDate = date;
    for (const p of tx.postings) {
      declare(this.declared, p);
      let used = this.accounts.get(p.account);
      if (used === undefined) this.accounts.set(p.account, (used = new Set()));
      used.add(p.commodity);
      if (p.amountRaw > 0n) this.debits.set(p.commodity, (this.debits.get(p.commodity) ?? 0n) + p.amountRaw);
    }
  }

  /** After the last transaction. */
  survey(): JournalSurvey {
    const leftOut = new Map<string, LeftOutNote>();
    if (this.dialect === 'beancount') {
      for (const c of this.declared.values()) {
        const total = this.debits.get(c.commodity) ?? 0n;
        if (!fitsBeancount(total, c.decimals)) leftOut.set(c.commodity, { ...c, debits: total });
      }
    }
    return {
      firstDate: this.firstDate,
      commodities: [...this.declared.values()]
        .filter((c) => !leftOut.has(c.commodity))
        .sort((a, b) => (a.commodity < b.commodity ? -1 : 1)),
      accounts: [...this.accounts]
        .filter(([, used]) => [...used].some((c) => !leftOut.has(c)))
        .map(([account]) => account)
        .sort(),
      leftOut,
    };
  }
}

function fitsBeancount(total: bigint, decimals: number | null): boolean {
  return total.toString().length <= BEANCOUNT_DIGITS && total < 10n ** BigInt(BEANCOUNT_WHOLE_DIGITS + (decimals ?? 0));
}

function declare(commodities: Map<string, Declared>, posting: Posting): void {
  const leg = posting.row.sent ?? posting.row.received;
  let known = commodities.get(posting.commodity);
  if (known === undefined) {
    known = { commodity: posting.commodity, decimals: posting.decimals, contracts: [], chains: [] };
    commodities.set(posting.commodity, known);
  }
  const contract = leg?.assetContract ?? '';
  if (contract !== '' && !known.contracts.includes(contract)) known.contracts.push(contract);
  const chain = chainSlug(posting.row.chainId);
  if (!known.chains.includes(chain)) known.chains.push(chain);
}

export function chainSlug(chainId: number): string {
  return findChain(chainId)?.slug ?? String(chainId);
}

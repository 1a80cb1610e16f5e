import type { Category, Direction } from './LedgerEntry.js';
import type { AccountantCategory } from './accountantCategories.js';

/**
 * Categories a user rule may set. Fees stay fees (a rule never turns gas into a disposal), so those two
 * are left out; `satisfies` makes a category added to `Category` fail to compile here until it is listed.
 */
const RULE_CATEGORY_SET = {
  transfer: true,
  own_transfer: true,
  trade: true,
  mint: true,
  burn: true,
  genesis: true,
  liquidity_add: true,
  liquidity_remove: true,
  wrap: true,
  unwrap: true,
  bridge: true,
  income: true,
  airdrop: true,
  staking_reward: true,
  interest: true,
  gift_in: true,
  payment_in: true,
  gift_out: true,
  payment_out: true,
  donation: true,
  lost: true,
  cost: true,
} as const satisfies Record<Exclude<Category, 'fee' | 'failed_fee'>, true> & Record<AccountantCategory, true>;

export type RuleCategory = keyof typeof RULE_CATEGORY_SET;
export const RULE_CATEGORIES = Object.keys(RULE_CATEGORY_SET) as readonly RuleCategory[];

/** What an entry must have for the rule to match; `null` criteria match anything. All given criteria must hold. */
export interface RuleMatch {
  chainId: number | null;
  /** Lowercase token contract of the entry. */
  contract: string | null;
  /** Lowercase counterparty. */
  counterparty: string | null;
  /** Function name as in the `method` column, compared case-insensitively. */
  method: string | null;
  /** Lowercase transaction hash. */
  txHash: string | null;
  /** Entry ids (`entry_id` column): the legs a correction names one by one, e.g. the two legs of an own transfer. */
  entries?: readonly string[];
  // Below, the criteria of a filtered view of the transactions table: a bulk correction's match is the view's filter,
  // so it also reaches the entries that arrive later. Absent means any.
  /** Lowercase owned wallet. */
  wallet?: string;
  /** Lowercase symbol, compared ignoring case (`usdc` matches USDC). */
  asset?: string;
  /** The category the ledger gave the entry before any user rule (a rule that set it still matches its own rows). */
  category?: Category;
  direction?: Direction;
  /** Unix seconds: `from` inclusive, `to` exclusive. */
  from?: number;
  to?: number;
  /** Lowercase text found in the transaction hash, counterparty, its label (before any user rule), the wallet's label, the method or the symbol. */
  text?: string;
  /** Whether the ledger flagged the entry as spam, before any user rule. */
  spam?: boolean;
}

/** One user override from the job file, validated by `resolveRules`. The first rule that matches an entry applies. */
export interface LedgerRule {
  /** The name shown in the `note` column (`rule:<id>`) and the manifest. */
  id: string;
  match: RuleMatch;
  category: RuleCategory | null;
  label: string | null;
  /** `true` flags the entry as spam (reason `rule`), `false` clears any spam reason. */
  spam: boolean | null;
  /** Kept in the unified ledger with a note, left out of every other template. */
  ignore: boolean;
  /** Why, who and when (ISO): a book rule always has them, a job file's rule may; the manifest repeats them. */
  reason?: string;
  author?: string;
  created?: string;
}

/**
 * The accounts of a journal that carries lots and realised gains (`beancount`/`hledger` with cost basis,
 * `quickbooks-journal`, `xero-journal`), by role: `asset` per asset at cost (`{chain}`, `{wallet}`, `{asset}`), the
 * realised gain, fees, income per category (`{category}`, or `income.<category>` for one), what a trade's disposals
 * fetched (`exchange`, netted by its acquisitions' cost), what a payment or cost fetched (`spending`), acquisitions
 * without a trade or income (`received`), lots carried in at cost from before the period (`carried`), lots that left
 * without a gain (`removed`: a gift out, donation or loss, at cost), under `uk` the units a sale owes until HMRC's
 * matching settles its lots (`owed`, a liability per asset: `{chain}`, `{wallet}`, `{asset}`) and the clearing of one
 * day's acquisitions taken at the day's average cost (`same_day`, nil at each day's end), and Xero's tax rate column
 * (`tax_rate`, not an account).
 */
export const LOT_ACCOUNT_ROLES = [
  'asset',
  'gains',
  'fees',
  'income',
  'exchange',
  'spending',
  'received',
  'carried',
  'removed',
  'owed',
  'same_day',
  'tax_rate',
] as const;
export type LotAccountRole = (typeof LOT_ACCOUNT_ROLES)[number];

/** The categories income rows come from (cost basis's income at fair value). */
export const LOT_INCOME_CATEGORIES = ['income', 'airdrop', 'staking_reward', 'interest', 'payment_in'] as const;

/** A role, or `income.<category>`: the keys a lots template's `accounts` and the job's `accounts` take. */
export const LOT_ACCOUNT_KEYS: readonly string[] = [...LOT_ACCOUNT_ROLES, ...LOT_INCOME_CATEGORIES.map((category) => `income.${category}`)];

/** The templates whose journal carries lots; the job's `accounts` may name one as a prefix (`quickbooks-journal.gains`). */
export const LOT_JOURNAL_TEMPLATES = ['beancount', 'hledger', 'quickbooks-journal', 'xero-journal'] as const;

/** beancount's and hledger's default names (the two CSV journals' are in their templates). */
export const TEXT_LOT_ACCOUNTS: Readonly<Record<'beancount' | 'hledger', Readonly<Record<string, string>>>> = {
  beancount: {
    asset: 'Assets:Crypto:{chain}:{asset}',
    gains: 'Income:Crypto:Gains',
    fees: 'Expenses:Fees',
    income: 'Income:Crypto:{category}',
    exchange: 'Equity:Crypto:Exchange',
    spending: 'Expenses:Crypto:Spending',
    received: 'Equity:Crypto:Received',
    carried: 'Equity:Crypto:Carried-Lots',
    removed: 'Expenses:Crypto:Removed',
    owed: 'Liabilities:Crypto:Owed:{chain}:{asset}',
    same_day: 'Equity:Crypto:Same-Day',
  },
  hledger: {
    asset: 'assets:crypto:{chain}:{asset}',
    gains: 'income:crypto:gains',
    fees: 'expenses:fees',
    income: 'income:crypto:{category}',
    exchange: 'equity:crypto:exchange',
    spending: 'expenses:crypto:spending',
    received: 'equity:crypto:received',
    carried: 'equity:crypto:carried-lots',
    removed: 'expenses:crypto:removed',
    owed: 'liabilities:crypto:owed:{chain}:{asset}',
    same_day: 'equity:crypto:same-day',
  },
};

/**
 * The names one journal uses: its defaults, then the job's `accounts` (a bare key for every lots journal, a key
 * prefixed with the template's name for that one only, which wins).
 */
export function lotAccounts(
  template: string,
  defaults: Readonly<Record<string, string>>,
  job: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  const names: Record<string, string> = { ...defaults };
  for (const [key, value] of Object.entries(job)) if (!key.includes('.') || key.startsWith('income.')) names[key] = value;
  for (const [key, value] of Object.entries(job)) if (key.startsWith(`${template}.`)) names[key.slice(template.length + 1)] = value;
  return names;
}

import type { Category } from '../ledger/LedgerEntry.js';
import { ACCOUNTANT_CATEGORIES } from '../ledger/accountantCategories.js';
import type { BasisMethod, TaxProfile } from '../costbasis/CostBasisSettings.js';
import { LOT_ACCOUNT_KEYS } from './lotAccountRoles.js';

/** How well the tool's import format is known (see docs/templates.md and docs/tax-formats.md). */
export type Confidence = 'confirmed' | 'partly' | 'unconfirmed';
/**
 * `csv` writes the columns; `hledger` and `beancount` are built-in text renderers over the posting layout;
 * `quickbooks-journal` and `xero-journal` write journal entries of lots and realised gains (the `lots` layout).
 */
export const RENDERERS = ['csv', 'hledger', 'beancount', 'quickbooks-journal', 'xero-journal'] as const;
export type RendererName = (typeof RENDERERS)[number];
/**
 * `entry`: a row per ledger entry · `transaction`: rows per wallet and transaction · `posting`: a row per double-entry
 * posting · `lots`: journal entries of the cost-basis replay's lots and gains, written after it (needs cost basis) ·
 * a tax form's (`FormLayout`), rendered from that replay too.
 */
export type Layout = 'transaction' | 'entry' | 'posting' | 'lots' | FormLayout;

/** Why a renderer cannot write a layout (the text journals write postings, the lots journals lots), or `null`. */
export function layoutProblem(renderer: RendererName, layout: Layout): string | null {
  const needed = renderer === 'csv' ? null : renderer === 'hledger' || renderer === 'beancount' ? 'posting' : 'lots';
  if (needed === null) return layout === 'lots' ? 'layout "lots" needs renderer quickbooks-journal or xero-journal' : null;
  return needed === layout ? null : `renderer ${renderer} needs layout "${needed}"`;
}
export type Split = 'combined' | 'wallet-chain' | 'wallet-chain-asset';
/**
 * A tax form's layouts, rendered from the cost-basis replay, never over ledger entries: a row per disposal piece
 * (`gains`), or a summary's rows (`sa108`, `anlage-so`, and `schedule-d`, Form 8949's totals).
 */
export type FormLayout = 'gains' | 'sa108' | 'anlage-so' | 'schedule-d';
export const FORM_LAYOUTS: readonly FormLayout[] = ['gains', 'sa108', 'anlage-so', 'schedule-d'];
export const LAYOUTS: readonly Layout[] = ['transaction', 'entry', 'posting', 'lots', ...FORM_LAYOUTS];

export interface TaxFormSpec {
  /** A second file of totals (Form 8949's Schedule D lines), or none. */
  totals: { layout: FormLayout; fileName: string; columns: readonly TemplateColumn[] } | null;
  /** What the job's cost basis must be for the form to be true (an empty list or `null`: any). */
  needs: { methods: readonly BasisMethod[]; profiles: readonly TaxProfile[]; currency: string | null };
}
/**
 * `columns`: the fee pair of the transaction's row · `inside`: added to the sent amount of the fee coin
 * (CoinTracking), the fee column then only informs · `row`: a separate fee row.
 */
export type FeePlacement = 'columns' | 'inside' | 'row';
/** When `columns` placement still needs a separate fee row (Koinly: a deposit cannot carry a fee, #385). */
export type FeeSeparateWhen = 'no-sent' | 'same-currency';
/** `sent`: the fee is the sent amount, fee columns empty (most tools) · `fee-columns`: CTC's `failed-out`. */
export type FailedConvention = 'sent' | 'fee-columns';
/** Spam is flagged, never silently dropped: `omit` still counts the rows in the render result. */
export type SpamHandling = 'keep' | 'label' | 'omit';
/** Entries a user rule ignores: `keep` (the unified ledger, with their note) or `omit` (tax and accounting files). */
export type IgnoredHandling = 'keep' | 'omit';
/** `placeholder`: Koinly's `NFT1`/`NULL1` names, kept stable across runs in a mapping file next to the output. */
export type AssetNaming = 'symbol' | 'placeholder';
export type Rounding = 'half-even' | 'half-up' | 'down';
/**
 * What a file says about holdings besides the period's movements: `opening` starts each asset with its balance at
 * the period start (bank statements); `opening-closing` also asserts and closes the balances at the period end
 * (journals), so consecutive periods concatenate.
 */
export type BalanceRows = 'none' | 'opening' | 'opening-closing';
/** `exchange`: both a sent and a received asset (named apart from the `trade` category on purpose). */
export type RowShape = 'exchange' | 'in' | 'out' | 'fee';

export interface TemplateColumn {
  header: string;
  /** A field of the row view (see `fieldNames`), or `null` for a constant. */
  field: string | null;
  constant: string;
  /** date-fns pattern overriding the template's date format for this column (Divly's separate time column). */
  dateFormat: string | null;
  /** Written only when the export is valued (`job.valuation`); left out otherwise, so unvalued files keep their bytes. */
  valued: boolean;
  /** The field this column reads instead when the export is valued (a bank statement's amount in the book's currency). */
  valuedField: string | null;
}

export interface Template {
  name: string;
  title: string;
  docs: string;
  confidence: Confidence;
  renderer: RendererName;
  layout: Layout;
  split: Split;
  /** File name pattern; `{wallet}`, `{walletLabel}`, `{chain}`, `{asset}` are filled per split. */
  fileName: string;
  lineEnding: 'lf' | 'crlf';
  finalNewline: boolean;
  /** `zone` is an IANA name or `job` (the job's time zone, for bank-statement style files). */
  date: { format: string; zone: string };
  amounts: { maxDecimals: number | null; rounding: Rounding };
  /** The tool's label/tag vocabulary; keys `<category>.<shape>`, `<category>`, `<shape>`, `*` looked up in that order (`spam` first for spam rows when `spam` is `label`). */
  labels: Readonly<Record<string, string>>;
  /** A second vocabulary with the same keys, for tools with both a type and a label column (Accointing, Divly, Coinpanda). */
  types: Readonly<Record<string, string>>;
  fee: { placement: FeePlacement; separateWhen: readonly FeeSeparateWhen[] };
  failed: FailedConvention;
  spam: SpamHandling;
  ignored: IgnoredHandling;
  nftNaming: AssetNaming;
  unknownTokenNaming: AssetNaming;
  balances: BalanceRows;
  /**
   * Posting layout: account patterns keyed `asset`, `spam`, `opening`, `<category>.<direction>` or `<category>`;
   * lots layout: names by role (`LOT_ACCOUNT_KEYS`).
   */
  accounts: Readonly<Record<string, string>>;
  columns: readonly TemplateColumn[];
  /**
   * Transaction layout: categories whose legs each get a row of their own instead of being paired sent with
   * received (liquidity moves by default: the tools book each leg with a type of its own).
   */
  unpaired: readonly Category[];
  /** With the job's `xlsx`, each CSV file also as a spreadsheet beside it (`spreadsheetKinds` types its cells). */
  xlsx: boolean;
  /** Where the template was read from, for messages. */
  source: string;
  /** A tax form's totals file and what it needs of the job's cost basis; `null` for a template over ledger entries. */
  form: TaxFormSpec | null;
}

export const categories: readonly Category[] = [
  'transfer',
  'own_transfer',
  'trade',
  'fee',
  'failed_fee',
  'mint',
  'burn',
  'genesis',
  'liquidity_add',
  'liquidity_remove',
  'wrap',
  'unwrap',
  'bridge',
  ...ACCOUNTANT_CATEGORIES,
];
/** The keys of a template's `accounts`: patterns by category for postings, names by role for lots. */
export function accountKeys(layout: Layout): readonly string[] {
  if (layout === 'lots') return LOT_ACCOUNT_KEYS;
  return ['*', 'asset', 'spam', 'opening', ...categories, ...categories.flatMap((c) => [`${c}.in`, `${c}.out`])];
}
export const DEFAULT_UNPAIRED: readonly Category[] = ['liquidity_add', 'liquidity_remove'];
export const rowShapes: readonly RowShape[] = ['exchange', 'in', 'out', 'fee'];

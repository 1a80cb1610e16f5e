/** The review states of a ledger entry; every entry starts `unreviewed`. */
export const REVIEW_STATUSES = ['unreviewed', 'reviewed', 'flagged'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * What the books list flags in a book's period, beside the review: legs without a price (spam and tokens of unknown
 * decimals aside, as the view's totals count them) and bridge legs whose other side was not found. An unclassified
 * transfer is the category filter's `transfer`.
 */
export const ENTRY_FLAGS = ['missing_price', 'unmatched_bridge'] as const;
export type EntryFlag = (typeof ENTRY_FLAGS)[number];

/**
 * What the transactions table is filtered by, in domain terms: instants as unix seconds (the book's zone already
 * applied), addresses lowercase. Every field absent means "any".
 */
export interface EntryFilter {
  from?: number;
  /** Exclusive. */
  to?: number;
  wallet?: string;
  chainId?: number;
  /** A lowercase `0x` contract, else a symbol in any case (`usdc` finds USDC). */
  asset?: string;
  category?: string;
  spam?: boolean;
  review?: ReviewStatus;
  flag?: EntryFlag;
  /** Lowercase text: a whole transaction hash, or a part of a hash, counterparty, label or method. */
  q?: string;
}

export interface EntryNote {
  /** Stable: the note's row, which its edit and removal name. */
  id: number;
  author: string;
  at: string;
  text: string;
}

export interface EntryReview {
  status: ReviewStatus;
  /** Null while nobody has set a status. */
  author: string | null;
  at: string | null;
}

/** One row of the table: the `ledger.csv` cells by column, with its review and notes. */
export interface BookEntry {
  seq: number;
  entryId: string;
  timestamp: number;
  cells: Record<string, string>;
  review: EntryReview;
  notes: EntryNote[];
}

/** Where a page of the filtered view starts: after `seq` of entry set `set`, or (`before`) where the page ending before it starts. */
export interface EntryCursor {
  set: number;
  seq: number;
  before?: true;
}

export interface EntryPage {
  entries: BookEntry[];
  next: EntryCursor | null;
  /** The page before this one; null on the first. */
  previous: EntryCursor | null;
  total: number;
  /** The `ledger.csv` columns of the current set, in order. */
  columns: string[];
  refreshedAt: string | null;
  /** The `bookSettings` the table was built from ('' when unknown or not built). */
  settings: string;
}

/** The units a filtered view moves per asset, in and out, exact. */
export interface EntryTotal {
  chainId: number;
  asset: string;
  assetContract: string;
  entries: number;
  in: string;
  out: string;
}

/** The value a filtered view moves in the book's currency, summed exactly over its valued entries. */
export interface EntryValueTotal {
  currency: string;
  in: string;
  out: string;
  valued: number;
  /** Entries of the view without a value, and of them: no price (not found, not fetched…), unknown decimals, spam. */
  unvalued: number;
  withoutPrice: number;
  unknownDecimals: number;
  spam: number;
}

export interface EntryTotals {
  assets: EntryTotal[];
  /** Null when no entry of the view is valued, or its values are in more than one currency. */
  value: EntryValueTotal | null;
}

export interface ReviewCounts {
  unreviewed: number;
  reviewed: number;
  flagged: number;
}

/** A book's figures on the books list, in its period with spam aside: its review, and what needs a look. */
export interface BookFigures {
  review: ReviewCounts;
  missingPrice: number;
  /** Legs of category `transfer`: neither own, nor income, payment or gift. */
  unclassified: number;
  unmatchedBridges: number;
}

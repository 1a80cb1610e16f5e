import type { Generated } from 'kysely';
import type { ReviewStatus } from './BookEntries.js';

/** One materialized ledger entry as both databases store it (src/db/*: the entry-set step). */
export interface EntryRow {
  set_id: number;
  seq: number;
  entry_id: string;
  timestamp: number;
  chain_id: number;
  tx_hash: string;
  wallet: string;
  direction: string;
  asset: string;
  asset_contract: string;
  token_id: string;
  amount_raw: string;
  decimals: number | null;
  counterparty: string;
  category: string;
  /** 1 when the ledger says why the entry looks like spam. */
  spam: number;
  /** Lowercase hash, counterparty, labels, method and asset, for the text filter. */
  search: string;
  /** The `ledger.csv` cells as a JSON array, in the set's column order. */
  cells: string;
  /** The `value` and `price_currency` cells again, for the view's value totals: empty when the entry has no value. */
  value: string;
  value_currency: string;
}

/** An entry as a refresh builds it: its set and place in it are given when it is written. */
export type NewEntryRow = Omit<EntryRow, 'set_id' | 'seq'>;

/** The entry tables as the query builder sees them, one description for SQLite and PostgreSQL. */
export type EntryTables = {
  entry_sets: {
    id: Generated<number>;
    book_id: number;
    columns: string;
    entries: number;
    created_at: string;
    /** `bookSettings` of the book it was built from ('' before they were kept). */
    settings: Generated<string>;
    /** `rowsDigest` of each `DIGEST_ROWS` of its rows, a JSON array ('' when not known). */
    digests: Generated<string>;
  };
  entry_views: { book_id: number; set_id: number; refreshed_at: string };
  book_entries: EntryRow;
  /** The books list's counts of a book's set as refreshed at `refreshed_at`, in a period, its reviews at a version (`SqlBookFigures`). */
  book_figures: {
    book_id: number;
    set_id: number;
    refreshed_at: string;
    from_time: number;
    to_time: number;
    reviews_version: number;
    entries: number;
    reviewed: number;
    flagged: number;
    missing: number;
    transfers: number;
    bridges: number;
  };
  entry_reviews: { book_id: number; entry_id: string; status: ReviewStatus; author: string; at: string };
  entry_notes: { seq: Generated<number>; book_id: number; entry_id: string; author: string; at: string; text: string };
};

/** The entry tables with the pairs of legs a user dismissed from the suggested matches (`SqlSuggestions`). */
export type SuggestionTables = EntryTables & {
  suggestion_dismissals: { book_id: number; suggestion_id: string; author: string; at: string };
};

/** The entry tables with the bulk reviews of a view and the previous states their undo restores (`SqlReviewActions`). */
export type ReviewActionTables = EntryTables & {
  review_actions: {
    id: Generated<number>;
    book_id: number;
    filter: string;
    status: ReviewStatus;
    author: string;
    at: string;
    changed: number;
    undone_at: string | null;
  };
  review_action_entries: { action_id: number; entry_id: string; status: ReviewStatus | null; author: string | null; at: string | null };
};

import type { Holding } from '../costbasis/BasisEvent.js';
import type { Decimal } from '../ledger/money.js';
import type { LotAccountRole } from '../templates/lotAccountRoles.js';

/** A lot as a journal names it: its id (the acquiring leg's), acquisition time and cost per whole unit. */
export interface JournalLot {
  id: string;
  acquiredAt: number | null;
  unit: Decimal;
  /** A piece of a pool (`average`, uk's section 104) at the pool's cost: no lot of its own to name or match. */
  pooled: boolean;
}

/** One line of a gains journal entry: an amount of the book's currency, + debit, − credit, exact. */
export interface GainsLine {
  role: Exclude<LotAccountRole, 'tax_rate'>;
  amount: Decimal;
  /** `asset` lines: the holding, the signed quantity (base units) and the lot; a reduction also its proceeds. */
  holding?: Holding;
  quantity?: bigint;
  lot?: JournalLot;
  proceeds?: Decimal;
  /** `income` lines: the income's category. */
  category?: string;
}

/** One ledger transaction's disposals (lots at cost, proceeds, selling costs, gain), acquisitions, removals and moves at cost. */
export interface GainsEntry {
  at: number;
  chainId: number;
  txHash: string;
  wallet: string;
  /** What happened, for the narration: `sold 0.5 ETH, acquired 1000 USDC`. */
  title: string;
  lines: GainsLine[];
}

/** A disposal, acquisition, removal or move a journal cannot post: its proceeds or cost is unknown (never taken as 0). */
export interface LeftOut {
  kind: 'disposal' | 'acquisition' | 'removal' | 'move';
  at: number;
  entryId: string;
  txHash: string;
  what: string;
  why: string;
}

/** A journal with lots: its opening lots, its entries in time order, and what it left out. */
export interface GainsJournal {
  /**
   * The lots open at the period's start, at cost (`asset` lines; uk's restated at their day's average beside a `same_day`
   * line), and what disposals before it still owe (`owed` lines, short).
   */
  opening: GainsLine[];
  entries: GainsEntry[];
  leftOut: LeftOut[];
  /** Disposals posted (each a group of `gains.csv` rows). */
  disposals: number;
  /** `uk` disposals posted whose lots leave after the period's end (their matching runs past it), and their cost: `owed` at the end. */
  owed: { disposals: number; cost: Decimal };
}

import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { Holding } from './Holdings.js';

/** Per chain: the last block before the period (opening balances) and the period's last synced block (closing). */
export interface BalanceBlocks {
  opening: number;
  closing: number;
}

/** The chain's own balance of a holding at a block, or why it cannot be known (plan, explorer, NFT). */
export type ChainBalance = { value: bigint } | { unavailable: string };

/** Reads a holding's balance from the chain, for the assertions that tie the books to it. */
export type ChainBalanceReader = (holding: Holding, block: number) => Promise<ChainBalance>;

/** What templates with balance rows need beyond the period's entries. */
export interface PeriodBounds {
  /** The job's ledger before the period, from the first block: rolled forward into the opening balances. */
  history: () => Iterable<LedgerEntry>;
  /** Unix seconds; the end is exclusive. */
  startTime: number;
  endTime: number;
  blocks: ReadonlyMap<number, BalanceBlocks>;
  /** Absent: the closing assertions state the ledger's balance only. */
  chainBalance?: ChainBalanceReader;
}

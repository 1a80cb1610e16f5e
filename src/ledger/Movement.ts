import type { Stream } from '../etherscan/wire.js';
import type { Direction, EntryKind } from './LedgerEntry.js';

/** One asset moving in or out of one owned wallet, before it is classified and labelled. */
export interface Movement {
  wallet: string;
  direction: Direction;
  kind: EntryKind;
  asset: string;
  assetContract: string;
  tokenId: string;
  amountRaw: bigint;
  decimals: number | null;
  counterparty: string;
  /** The token's name, read by the spam rules. */
  tokenName: string;
  stream: Stream;
  ref: string;
  genesis: boolean;
  /** A token leg no list shows, derived from the call (a WETH9 wrap or unwrap): its id gets a leg of its own. */
  derived: boolean;
  notes: readonly string[];
}

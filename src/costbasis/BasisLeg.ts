import type { Category, Direction, EntryKind } from '../ledger/LedgerEntry.js';
import type { Decimal } from '../ledger/money.js';

/**
 * One valued movement as the cost-basis replay reads it: the ledger entry's fields it needs and the row's value in the
 * book's currency. Plain data (a part's thread hands these across), built from a `LedgerEntry` and its `LegValue`.
 */
export interface BasisLeg {
  entryId: string;
  /** Unix seconds. */
  timestamp: number;
  chainId: number;
  blockNumber: number;
  txHash: string;
  transactionIndex: number;
  order: number;
  wallet: string;
  direction: Direction;
  /** NFTs (`erc721`, `erc1155`) take no part yet. */
  kind: EntryKind;
  category: Category;
  asset: string;
  /** Lowercase contract, '' for the native coin (native, internal and fee rows are one asset). */
  assetContract: string;
  /** Base units, positive. */
  amountRaw: bigint;
  /** `null`: unknown decimals (the leg takes no part; named as an issue). */
  decimals: number | null;
  /** The ledger's spam reason, '' when none: spam takes no part. */
  spam: string;
  /** The bridge partner from the ledger's note (`bridged_to`/`bridged_from <chain>:<tx>:<entry id>`), when paired. */
  bridge?: { role: 'to' | 'from'; chainId: number; txHash: string; entryId: string };
  /** Book currency, exact (`amount × price`); `null` when unknown, with `valueState` saying why. */
  value: Decimal | null;
  valueState: string;
  /** Per whole unit, book currency; `null` when unknown. */
  price: Decimal | null;
  /** Short source name (`defillama`, `file`, …), '' when unknown. */
  priceSource: string;
}

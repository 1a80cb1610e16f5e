import type { Category, EntryKind, LedgerEntry } from '../ledger/LedgerEntry.js';
import type { RowShape } from './Template.js';

/** One asset amount on one side of a row, still exact (base units); formatting happens per template. */
export interface Leg {
  chainId: number;
  kind: EntryKind;
  asset: string;
  assetContract: string;
  tokenId: string;
  decimals: number | null;
  amountRaw: bigint;
  category: Category;
  spam: string;
}

/** What a template column reads: one output row before formatting (transaction or entry layout). */
export interface ViewRow {
  timestamp: number;
  chainId: number;
  blockNumber: number;
  txHash: string;
  wallet: string;
  walletLabel: string;
  counterparty: string;
  counterpartyLabel: string;
  method: string;
  shape: RowShape;
  category: Category;
  failed: boolean;
  spam: string;
  sent: Leg | null;
  received: Leg | null;
  fee: Leg | null;
  /** The liquidity pool token of a liquidity move's rows (CoinTracking's `Liquidity pool`); `null` otherwise. */
  pool: Leg | null;
  /** Unique per file: tools that detect duplicates by id (CoinTracking Tx-ID, TaxBit, CTC ID) need it. */
  rowId: string;
  /** The ledger entry itself in the entry layout; `null` in the transaction layout and on balance rows. */
  entry: LedgerEntry | null;
  /** Set on a row that states a holding at the period's start or end instead of a movement. */
  balance: BalanceMark | null;
}

/** A balance row's side of the period and the block its balance was computed at. */
export interface BalanceMark {
  kind: 'opening' | 'closing';
  block: number;
}

export function legOf(entry: LedgerEntry): Leg {
  return {
    chainId: entry.chainId,
    kind: entry.kind,
    asset: entry.asset,
    assetContract: entry.assetContract,
    tokenId: entry.tokenId,
    decimals: entry.decimals,
    amountRaw: entry.amountRaw,
    category: entry.category,
    spam: entry.spam,
  };
}

export function isNft(leg: Leg): boolean {
  return leg.kind === 'erc721' || leg.kind === 'erc1155';
}

/** Native, internal and fee movements are the same coin; tokens are told apart by contract and id. */
export function assetKey(leg: Leg): string {
  return leg.assetContract === '' ? 'native' : `${leg.assetContract}:${leg.tokenId}`;
}

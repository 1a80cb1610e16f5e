import type { Stream } from '../etherscan/wire.js';
import type { AddressBook } from './AddressBook.js';
import type { Table } from './Table.js';

/** u32 columns hold indexes into the AddressBook, the token list or METHOD_NAMES; f64 columns hold wei. */
export type TxColumn =
  | 'block'
  | 'txIndex'
  | 'from'
  | 'to'
  | 'created'
  | 'nonce'
  | 'valueM'
  | 'valueE'
  | 'gas'
  | 'gasUsed'
  | 'gasPrice'
  | 'effectiveGasPrice'
  | 'l1Fee'
  | 'blobGasPrice'
  | 'type'
  | 'status'
  | 'method';
export type InternalColumn = 'tx' | 'from' | 'to' | 'created' | 'valueM' | 'valueE' | 'callType' | 'traceId' | 'isError';
export type TokenColumn = 'tx' | 'token' | 'from' | 'to' | 'valueM' | 'valueE';
export type NftColumn = 'tx' | 'token' | 'from' | 'to' | 'tokenId';
export type MultiColumn = 'tx' | 'token' | 'from' | 'to' | 'tokenId' | 'amount';

/** Internal call types, by index in the `callType` column. */
export const CALL_TYPES = ['call', 'create', 'delegatecall', 'staticcall'] as const;
export type CallType = (typeof CALL_TYPES)[number];

/** `valueE` of the one amount that is not m × 10^e: 2^256 − 1. */
export const MAX_UINT_EXPONENT = 255;
export const MAX_UINT256 = (1n << 256n) - 1n;

const POWERS_OF_TEN = Array.from({ length: 80 }, (_, n) => 10n ** BigInt(n));

/** Amounts are stored as a u32 mantissa and a decimal exponent so they stay exact without a bigint per row. */
export function amountOf(mantissa: number, exponent: number): bigint {
  if (exponent === MAX_UINT_EXPONENT) return MAX_UINT256;
  const power = POWERS_OF_TEN[exponent];
  if (power === undefined) throw new RangeError(`amount exponent ${exponent} out of range`);
  return BigInt(mantissa) * power;
}

export interface TokenInfo {
  /** Lowercase contract address. */
  readonly address: string;
  readonly standard: 'erc20' | 'erc721' | 'erc1155';
  /** Wire strings exactly as the API sends them: `tokenDecimal` "" means unknown. */
  readonly name: string;
  readonly symbol: string;
  readonly decimals: string;
  /** Why the token is in the world (spam, unknown metadata, …), for people reading tests. */
  readonly note: string;
}

export interface WorldWallet {
  /** Lowercase. */
  readonly address: string;
  readonly label: string;
  readonly chains: readonly number[];
  /** A contract wallet (Safe): it never sends transactions itself. */
  readonly contract: boolean;
}

export interface ChainData {
  readonly chainId: number;
  /** The first block of the world's span (2024-06-01T00:00:00Z). */
  readonly firstBlock: number;
  /** Unix time of firstBlock. */
  readonly startTimestamp: number;
  readonly blockMillis: number;
  readonly headBlock: number;
  readonly genesisTimestamp: number;
  readonly txs: Table<TxColumn>;
  readonly internals: Table<InternalColumn>;
  readonly tokentx: Table<TokenColumn>;
  readonly nfttx: Table<NftColumn>;
  readonly multitx: Table<MultiColumn>;
  /**
   * Token balance changes no list shows: WETH9 (mainnet) and its OP-stack copy mint on `deposit()` and burn on
   * `withdraw()` without a `Transfer` event. They count in balances, never in `tokentx`.
   */
  readonly silent: Table<TokenColumn>;
  readonly tokens: readonly TokenInfo[];
}

/** What one asset did for one wallet over a block range, in base units (wei for 'native'). */
export interface AssetSums {
  in: bigint;
  out: bigint;
  /** Gas fees paid (native only): gasUsed × effectiveGasPrice + l1Fee + blob fee. */
  fees: bigint;
}

/** 'native' or a token contract (lowercase). NFT contracts count tokens held. */
export type AssetKey = 'native' | string;

export interface World {
  readonly seed: number;
  readonly scale: number;
  readonly chainIds: readonly number[];
  readonly wallets: readonly WorldWallet[];
  readonly addresses: AddressBook;
  chain(chainId: number): ChainData | undefined;
  timestampOf(chainId: number, block: number): number;
  /** `closest` block for a unix time: the last block at or before it, or the first at or after it. */
  blockByTime(chainId: number, timestamp: number, closest: 'before' | 'after'): number | null;
  blockHash(chainId: number, block: number): string;
  txHash(chainId: number, txId: number): string;
  txIdByHash(chainId: number, hash: string): number | undefined;
  /** Row indexes of `stream` involving `address` (from, to or created contract), in API order. */
  rowsOf(chainId: number, stream: Stream, address: string): Uint32Array;
  /** The tx id of a row of `stream`. */
  txOfRow(chainId: number, stream: Stream, row: number): number;
  /** Rows of `stream` belonging to tx `txId`, as [first, end). */
  rowsOfTx(chainId: number, stream: Stream, txId: number): [number, number];
  /** The true balance at the end of `atBlock`, computed from the world's movements. */
  expectedBalance(chainId: number, wallet: string, asset: AssetKey, atBlock: number): bigint;
  /** In, out and fees per asset over blocks [fromBlock, toBlock], both inclusive. */
  expectedSums(chainId: number, wallet: string, fromBlock: number, toBlock: number): ReadonlyMap<AssetKey, AssetSums>;
}

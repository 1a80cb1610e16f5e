import type { Stream, WireReceipt, WireRecordOf } from './wire.js';
import type { WireAddressTag } from './WireAddressTag.js';

/** One page request of an account list action, always `sort=asc`. */
export interface ListPageRequest {
  chainId: number;
  address: string;
  startBlock: number;
  endBlock: number;
  /** Page size sent as `offset`; the server may silently cap it. */
  offset: number;
}

/** Counters a run reports (bench, notes, progress). */
export interface ApiStats {
  /** HTTP requests sent, retries included. */
  requests: number;
  /** Requests per action, e.g. `account.txlist`, `proxy.eth_getTransactionReceipt`. */
  byAction: Record<string, number>;
  retries: number;
  /** Answers that said we went over the per-second limit. */
  rateLimited: number;
}

/**
 * What the rest of ledgerscan needs from an Etherscan-v2-compatible API. Every method goes
 * through the one rate limiter of the API key and retries what is retryable; what reaches the
 * caller is data or a typed error from `./errors.ts`:
 * - QueryTimeoutError: the server wants a smaller block range (list only);
 * - DailyLimitError: stop for today, everything committed stays;
 * - ApiConfigurationError (key, chain): the user must act; ChainNotAvailableError for one chain;
 * - ApiUnsupportedError: the API does not serve the action (not implemented, not in the plan, 404);
 * - ApiProtocolError: an answer of no known form, or data of the wrong shape;
 * - ApiUnavailableError: retries exhausted.
 * Callers of optional actions turn the refusals among these into "unavailable" (`OptionalFeatures`).
 */
export interface EtherscanApi {
  /** One page, `page=1&sort=asc`; an empty answer is `[]`. */
  listPage<S extends Stream>(stream: S, request: ListPageRequest): Promise<WireRecordOf[S][]>;
  /** `null` when the API does not know the transaction. */
  receipt(chainId: number, txHash: string): Promise<WireReceipt | null>;
  /** `block getblocknobytime`. */
  blockNumberByTime(chainId: number, timestamp: number, closest: 'before' | 'after'): Promise<number>;
  /** `proxy eth_blockNumber`: the head block. */
  headBlock(chainId: number): Promise<number>;
  /** `proxy eth_getBlockByNumber`: the block's time, unix seconds. */
  blockTime(chainId: number, block: number): Promise<number>;
  /** `proxy eth_getTransactionCount` at the end of `block`: the address's nonce, i.e. transactions it had sent. */
  transactionCount(chainId: number, address: string, block: number): Promise<number>;
  /** `account balance` at `latest`, wei as a decimal string. */
  balance(chainId: number, address: string): Promise<string>;
  /** `account balancemulti` at `latest` for up to 20 addresses: wei as decimal strings by lowercase address. */
  balanceMulti(chainId: number, addresses: readonly string[]): Promise<Map<string, string>>;
  /** `account tokenbalance` at `latest`, base units as a decimal string. */
  tokenBalance(chainId: number, contract: string, address: string): Promise<string>;
  /** `account balancehistory` (PRO): wei at the end of a block. */
  balanceHistory(chainId: number, address: string, block: number): Promise<string>;
  /** `account tokenbalancehistory` (PRO): base units at the end of a block. */
  tokenBalanceHistory(chainId: number, contract: string, address: string, block: number): Promise<string>;
  /**
   * `nametag getaddresstag` (Pro Plus) for up to `ADDRESS_TAG_BATCH` addresses in one call: the tagged
   * ones; an address the API knows no tag for is simply absent.
   */
  addressTags(chainId: number, addresses: readonly string[]): Promise<WireAddressTag[]>;
  /**
   * `nametag exportaddresstags` (Enterprise; on the metadata host): every address carrying `label`
   * (e.g. `ofac-sanctioned`), as the CSV text of the file its answer links to.
   */
  exportAddressTags(chainId: number, label: string): Promise<string>;
  readonly stats: ApiStats;
}

/** Addresses one `getaddresstag` call takes at most (docs: "up to 100 addresses per call"). */
export const ADDRESS_TAG_BATCH = 100;

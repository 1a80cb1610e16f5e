import type { Stream, WireReceipt, WireRecordOf } from './wire.js';

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
 * - ApiConfigurationError (key, plan, chain): the user must act; ChainNotAvailableError for one chain;
 * - ApiUnavailableError: retries exhausted.
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
  /** `proxy eth_getTransactionCount` at the end of `block`: the address's nonce, i.e. transactions it had sent. */
  transactionCount(chainId: number, address: string, block: number): Promise<number>;
  /** `account balance` at `latest`, wei as a decimal string. */
  balance(chainId: number, address: string): Promise<string>;
  /** `account tokenbalance` at `latest`, base units as a decimal string. */
  tokenBalance(chainId: number, contract: string, address: string): Promise<string>;
  /** `account balancehistory` (PRO): wei at the end of a block. */
  balanceHistory(chainId: number, address: string, block: number): Promise<string>;
  /** `account tokenbalancehistory` (PRO): base units at the end of a block. */
  tokenBalanceHistory(chainId: number, contract: string, address: string, block: number): Promise<string>;
  readonly stats: ApiStats;
}

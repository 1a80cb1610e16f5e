import type { WireAddressTag } from '../etherscan/WireAddressTag.js';

/** One stored answer for an address: its tag as the API sent it, or `null` when the API knew none. */
export interface StoredAddressTag {
  address: string;
  tag: WireAddressTag | null;
  /** ISO time the answer arrived. */
  fetchedAt: string;
}

/**
 * Counterparty name tags from the API, each (chain, address) asked once and its answer kept for good. A tag is
 * a fact about a chain address, not about a book: the PostgreSQL store shares one table among all books.
 */
export interface AddressTags {
  /** The addresses (lowercase) of `addresses` that have no stored answer yet. */
  unknown(chainId: number, addresses: readonly string[]): string[];
  /** Stores one call's answer: every address asked, with its tag or `null`, in one transaction. */
  put(chainId: number, asked: readonly string[], tags: readonly WireAddressTag[], fetchedAt: string): void;
  /** Every stored answer of a chain, by address (byte order). */
  ofChain(chainId: number): StoredAddressTag[];
}

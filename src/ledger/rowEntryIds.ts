import type { Stream } from '../etherscan/wire.js';
import { entryId } from './entryId.js';
import { normaliseHash } from './groupTransactions.js';

/** A stored row's legs' ids: its record's movement (`value`), and on a txlist row its sender's fee (`fee`; '' otherwise). */
export type LegIds = readonly [valueId: string, feeId: string];

/** The ids of a row of `stream` with this place in its transaction (`ref`), as the ledger hashes them. */
export function legIds(chainId: number, txHash: string, wallet: string, stream: Stream, ref: string): LegIds {
  const hash = normaliseHash(txHash);
  // Literals, not a spread adding `leg`: a property added to a spread copy costs more than the hash.
  const value = entryId({ chainId, txHash: hash, wallet, stream, ref, leg: 'value' });
  return [value, stream === 'txlist' ? entryId({ chainId, txHash: hash, wallet, stream, ref, leg: 'fee' }) : ''];
}

/**
 * The legs' ids of one key's (chain, lowercase wallet, stream) rows of whole blocks, given in their stored order with
 * the hash each row holds: the ids the ledger would hash when it reads them. A row's `ref` is its place among the
 * key's rows of its transaction, which `groupTransactions` numbers in this order; a derived leg's id is left to the
 * read (few rows have one).
 */
export function rowEntryIds(chainId: number, wallet: string, stream: Stream, rows: readonly { block: number; hash: string }[]): LegIds[] {
  const seen = new Map<string, number>();
  return rows.map(({ block, hash }) => {
    const key = `${block} ${normaliseHash(hash)}`;
    const ref = seen.get(key) ?? 0;
    seen.set(key, ref + 1);
    return legIds(chainId, hash, wallet, stream, String(ref));
  });
}

import { LedgerscanError } from '../errors/LedgerscanError.js';
import { rowEntryIds } from '../ledger/rowEntryIds.js';
import type { PageCommit } from './RecordStore.js';
import { encodeLedgerFields } from './ledgerFields.js';

/** One record of a page as both stores write it. */
export interface PageRow {
  block: number;
  /** The record's position in the page: with the block, its API order. */
  seq: number;
  /** Lowercase. */
  hash: string;
  from: string;
  /** The record exactly as received, as JSON text. */
  raw: string;
  /** The ledger's fields and its legs' ids (ledgerFields.ts). */
  fields: string;
}

/**
 * The page's records ready to store, after checking each lies in the page's blocks: a record outside them is
 * a bug in the caller, refused before anything is written.
 */
export function pageRows(page: PageCommit): PageRow[] {
  const { chainId, stream, fromBlock, toBlock } = page;
  const blocks = page.records.map((record) => {
    const block = Number(record.blockNumber);
    if (!Number.isSafeInteger(block) || block < fromBlock || block > toBlock) {
      throw new LedgerscanError('record outside the page it was committed with', {
        details: { chain: chainId, wallet: page.wallet.toLowerCase(), stream, block: record.blockNumber, page: `${fromBlock}-${toBlock}` },
      });
    }
    return block;
  });
  // A page holds its key's blocks whole (src/sync/pageStream.ts), so each row's place in its transaction is known here;
  // the hash is the text the ledger reads back from the stored line.
  const places = page.records.map((record, seq) => ({ block: blocks[seq] as number, hash: String(record.hash ?? '') }));
  const ids = rowEntryIds(chainId, page.wallet.toLowerCase(), stream, places);
  return page.records.map((record, seq) => ({
    block: blocks[seq] as number,
    seq,
    hash: record.hash.toLowerCase(),
    from: record.from.toLowerCase(),
    raw: JSON.stringify(record),
    fields: encodeLedgerFields(stream, record, ids[seq]),
  }));
}

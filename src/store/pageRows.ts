import { LedgerscanError } from '../errors/LedgerscanError.js';
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
  /** The ledger's fields (ledgerFields.ts). */
  fields: string;
}

/**
 * The page's records ready to store, after checking each lies in the page's blocks: a record outside them is
 * a bug in the caller, refused before anything is written.
 */
export function pageRows(page: PageCommit): PageRow[] {
  const { chainId, stream, fromBlock, toBlock } = page;
  return page.records.map((record, seq) => {
    const block = Number(record.blockNumber);
    if (!Number.isSafeInteger(block) || block < fromBlock || block > toBlock) {
      throw new LedgerscanError('record outside the page it was committed with', {
        details: { chain: chainId, wallet: page.wallet.toLowerCase(), stream, block: record.blockNumber, page: `${fromBlock}-${toBlock}` },
      });
    }
    return {
      block,
      seq,
      hash: record.hash.toLowerCase(),
      from: record.from.toLowerCase(),
      raw: JSON.stringify(record),
      fields: encodeLedgerFields(stream, record),
    };
  });
}

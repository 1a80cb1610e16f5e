import type { WireReceipt } from '../../etherscan/wire.js';
import type { BlockingPostgres } from '../../db/postgres/BlockingPostgres.js';
import { encodeReceiptFields } from '../ledgerFields.js';
import type { MissingReceipt } from '../RecordStore.js';

/** $1 is the book; the receipts' columns are arrays, one element a receipt. */
const UPSERT_RECEIPTS = `INSERT INTO receipts (book_id, chain_id, tx_hash, raw, ledger_fields)
  SELECT $1, c.* FROM unnest($2::integer[], $3::text[], $4::text[], $5::text[]) AS c
  ON CONFLICT (book_id, chain_id, tx_hash) DO UPDATE SET raw = excluded.raw, ledger_fields = excluded.ledger_fields`;

/** Each receipt's fields onto the stored txlist rows of its transaction, found through the records' index by block and hash. */
const ATTACH_RECEIPTS = `UPDATE ledger_rows l SET receipt = c.fields
  FROM unnest($2::integer[], $3::bigint[], $4::text[], $5::text[]) AS c (chain, block, hash, fields)
  JOIN records r ON r.book_id = $1 AND r.chain_id = c.chain AND r.stream = 'txlist' AND r.block_number = c.block AND r.tx_hash = c.hash
  WHERE l.book_id = r.book_id AND l.chain_id = r.chain_id AND l.block_number = r.block_number AND l.wallet = r.wallet
    AND l.stream = r.stream AND l.seq = r.seq`;

const MISSING_RECEIPTS = `SELECT DISTINCT r.tx_hash, r.from_address, r.block_number FROM records r
  WHERE r.book_id = $1 AND r.chain_id = $2 AND r.stream = 'txlist' AND r.block_number BETWEEN $3 AND $4
    AND r.from_address = ANY($5::text[])
    AND NOT EXISTS (SELECT 1 FROM receipts c WHERE c.book_id = r.book_id AND c.chain_id = r.chain_id AND c.tx_hash = r.tx_hash)
  ORDER BY r.tx_hash, r.from_address, r.block_number`;

/**
 * Receipts put and not posted yet at most: a cold sync puts one every few milliseconds, and each posted alone was an
 * upsert and an attach (206 statements a cold book of the firm night); a batch is one of each. Small enough that a
 * batch's message stays a few hundred kB.
 */
const RECEIPT_BATCH = 32;

interface PutReceipt {
  chainId: number;
  hash: string;
  block: number;
  raw: string;
  fields: string;
}

/**
 * The receipts of one book in the shared schema. Puts are kept and posted together (`post`): when `RECEIPT_BATCH`
 * are kept, and before any other use of the book's store (`PostgresStore` posts them first), so every later read or
 * write of the store, on its session or another (a cursor), comes after them as it did when each was posted at once.
 */
export class PostgresReceipts {
  /** By chain and hash: a receipt put twice is written once, as its last put. */
  private readonly kept = new Map<string, PutReceipt>();

  constructor(
    private readonly db: BlockingPostgres,
    private readonly book: string,
  ) {}

  stored(chainId: number, txHashes: readonly string[]): Set<string> {
    this.post();
    const rows = this.db.query({
      sql: 'SELECT tx_hash FROM receipts WHERE book_id = $1 AND chain_id = $2 AND tx_hash = ANY($3::text[])',
      params: [this.book, chainId, txHashes],
    });
    return new Set(rows.map((row) => row[0] as string));
  }

  put(chainId: number, txHash: string, block: number, receipt: WireReceipt): void {
    const hash = txHash.toLowerCase();
    this.kept.set(`${chainId} ${hash}`, { chainId, hash, block, raw: JSON.stringify(receipt), fields: encodeReceiptFields(receipt) });
    if (this.kept.size >= RECEIPT_BATCH) this.post();
  }

  /** `span`: the book, the chain, the blocks and the senders, as `PostgresStore` gives every read of a span. */
  missing(span: readonly unknown[]): MissingReceipt[] {
    this.post();
    return this.db
      .query({ sql: MISSING_RECEIPTS, params: span })
      .map(([txHash, sender, block]) => ({ txHash: txHash as string, sender: sender as string, block: block as number }));
  }

  /** The kept receipts posted as one transaction (`BlockingPostgres.post`): one upsert, one attach. */
  post(): void {
    if (this.kept.size === 0) return;
    const receipts = [...this.kept.values()];
    this.kept.clear();
    const chains = receipts.map((receipt) => receipt.chainId);
    const hashes = receipts.map((receipt) => receipt.hash);
    const fields = receipts.map((receipt) => receipt.fields);
    this.db.post(
      { sql: UPSERT_RECEIPTS, params: [this.book, chains, hashes, receipts.map((receipt) => receipt.raw), fields] },
      { sql: ATTACH_RECEIPTS, params: [this.book, chains, receipts.map((receipt) => receipt.block), hashes, fields] },
    );
  }
}

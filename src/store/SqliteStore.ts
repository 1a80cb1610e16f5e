import type Database from 'better-sqlite3';
import type { Stream, WireReceipt, WireRecord } from '../etherscan/wire.js';
import { AddressTagTable } from './AddressTagTable.js';
import { MENTIONS_A_BRIDGE } from '../db/bridgeRows.js';
import { FinalAnswerTable } from './FinalAnswerTable.js';
import { PriceTable } from './PriceTable.js';
import type { LedgerRow, MissingReceipt, PageCommit, RawRow } from './RecordStore.js';
import type { PipelineStore } from './PipelineStore.js';
import { ScreeningListTable } from './ScreeningListTable.js';
import { decodeLedgerRow, encodeReceiptFields } from './ledgerFields.js';
import { pageRows } from './pageRows.js';
import type { StoreLocation } from './StoreLocation.js';
import { extendRange, type SyncedRange } from './SyncedRange.js';

/** Rows a read takes from SQLite at once (see `iterateRecords`). */
const READ_BATCH = 500;

/**
 * The next batch of a read: the rows after the last one read (its key), in the ledger's order. Each batch is a
 * query run to its end, so no statement stays open between batches and one prepared statement serves every read.
 */
const LEDGER_ROWS_AFTER = `SELECT block_number, wallet, stream, seq, fields, receipt FROM ledger_rows
         WHERE chain_id = ? AND (block_number, wallet, stream, seq) > (?, ?, ?, ?) AND block_number <= ?
           AND wallet IN (SELECT value FROM json_each(?))
         ORDER BY block_number, wallet, stream, seq LIMIT ${READ_BATCH}`;

type LedgerRowColumns = [block: number, wallet: string, stream: Stream, seq: number, fields: string, receipt: string | null];

/** `INDEXED BY` fails loudly rather than scanning every row if the index could not answer. */
const BRIDGED_ROWS = `SELECT block_number, fields FROM ledger_rows INDEXED BY ledger_rows_bridged
         WHERE chain_id = ? AND block_number BETWEEN ? AND ? AND wallet IN (SELECT value FROM json_each(?)) AND ${MENTIONS_A_BRIDGE}
         ORDER BY block_number`;

/** ledger_rows holds one row per record; the records' narrow block index counts them 2–3× faster than its wide rows. */
const LEDGER_ROWS_WHERE = 'chain_id = ? AND block_number BETWEEN ? AND ? AND wallet IN (SELECT value FROM json_each(?))';
const COUNT_LEDGER_ROWS = `SELECT count(*) FROM records WHERE ${LEDGER_ROWS_WHERE}`;
const COUNT_LEDGER_ROWS_UP_TO = `SELECT count(*) FROM (SELECT 1 FROM records WHERE ${LEDGER_ROWS_WHERE} LIMIT ?)`;

const RAW_RECORDS = `SELECT wallet, stream, raw FROM records
         WHERE chain_id = ? AND block_number BETWEEN ? AND ? AND wallet IN (SELECT value FROM json_each(?))
         ORDER BY block_number, wallet, stream, seq`;

interface RangeRow {
  from_block: number;
  to_block: number;
  backfill_from: number | null;
  backfill_to: number | null;
}

/**
 * The embedded `RecordStore`: raw records, receipts and synced ranges in one SQLite file. Every write is
 * one transaction, so an exception or a killed process leaves the previous state.
 */
export class SqliteStore implements PipelineStore {
  /** Counterparty name tags from the API, kept apart from the synced records. */
  readonly addressTags: AddressTagTable;
  /** Screening lists from the API's label exports. */
  readonly screeningLists: ScreeningListTable;
  /** Prices and rates, each asked once ever. */
  readonly prices: PriceTable;
  /** The API's answers that cannot change any more. */
  readonly finalAnswers: FinalAnswerTable;
  private readonly db: Database.Database;
  private readonly statements;

  constructor(db: Database.Database) {
    this.db = db;
    this.addressTags = new AddressTagTable(db);
    this.screeningLists = new ScreeningListTable(db);
    this.prices = new PriceTable(db);
    this.finalAnswers = new FinalAnswerTable(db);
    this.statements = {
      // ledger_rows first: its rows are found through the records' key index.
      deleteLedgerSpan: db.prepare(
        `DELETE FROM ledger_rows WHERE (chain_id, block_number, wallet, stream, seq) IN (
           SELECT chain_id, block_number, wallet, stream, seq FROM records
           WHERE chain_id = ? AND wallet = ? AND stream = ? AND block_number BETWEEN ? AND ?)`,
      ),
      deleteSpan: db.prepare('DELETE FROM records WHERE chain_id = ? AND wallet = ? AND stream = ? AND block_number BETWEEN ? AND ?'),
      insertRecord: db.prepare(
        `INSERT INTO records (chain_id, wallet, stream, block_number, seq, tx_hash, from_address, raw)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      insertLedgerRow: db.prepare(
        'INSERT INTO ledger_rows (chain_id, block_number, wallet, stream, seq, fields, receipt) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      receiptFields: db
        .prepare<[number, string], string | null>('SELECT ledger_fields FROM receipts WHERE chain_id = ? AND tx_hash = ?')
        .pluck(),
      attachReceipt: db.prepare(
        `UPDATE ledger_rows SET receipt = ? WHERE (chain_id, block_number, wallet, stream, seq) IN (
           SELECT chain_id, block_number, wallet, stream, seq FROM records
           WHERE chain_id = ? AND block_number = ? AND stream = 'txlist' AND tx_hash = ?)`,
      ),
      selectRange: db.prepare<[number, string, string], RangeRow>(
        'SELECT from_block, to_block, backfill_from, backfill_to FROM synced_ranges WHERE chain_id = ? AND wallet = ? AND stream = ?',
      ),
      upsertRange: db.prepare(
        `INSERT INTO synced_ranges (chain_id, wallet, stream, from_block, to_block, backfill_from, backfill_to)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (chain_id, wallet, stream) DO UPDATE SET from_block = excluded.from_block,
           to_block = excluded.to_block, backfill_from = excluded.backfill_from, backfill_to = excluded.backfill_to`,
      ),
      hasReceipt: db.prepare<[number, string], 1>('SELECT 1 FROM receipts WHERE chain_id = ? AND tx_hash = ?').pluck(),
      upsertReceipt: db.prepare('INSERT OR REPLACE INTO receipts (chain_id, tx_hash, raw, ledger_fields) VALUES (?, ?, ?, ?)'),
      missingReceipts: db.prepare<[number, number, number, string], MissingReceipt>(
        `SELECT DISTINCT r.tx_hash AS txHash, r.from_address AS sender, r.block_number AS block FROM records r
           WHERE r.chain_id = ? AND r.stream = 'txlist' AND r.block_number BETWEEN ? AND ?
             AND r.from_address IN (SELECT value FROM json_each(?))
             AND NOT EXISTS (SELECT 1 FROM receipts c WHERE c.chain_id = r.chain_id AND c.tx_hash = r.tx_hash)
           ORDER BY r.tx_hash`,
      ),
      countRecords: db
        .prepare<[{ chain: number | null; wallet: string | null; stream: string | null }], number>(
          `SELECT count(*) FROM records WHERE (@chain IS NULL OR chain_id = @chain)
             AND (@wallet IS NULL OR wallet = @wallet) AND (@stream IS NULL OR stream = @stream)`,
        )
        .pluck(),
      countReceipts: db.prepare<[], number>('SELECT count(*) FROM receipts').pluck(),
      ledgerRowsAfter: db.prepare<[number, number, string, string, number, number, string], LedgerRowColumns>(LEDGER_ROWS_AFTER).raw(),
    };
  }

  /**
   * Replaces the key's rows in the page's block span with the page's rows and extends the synced
   * range, in one transaction. Replacing (never de-duplicating by content) keeps two identical
   * rows when the API sends two, and makes re-fetching a span idempotent.
   */
  commitPage(page: PageCommit): void {
    const wallet = page.wallet.toLowerCase();
    const { chainId, stream, fromBlock, toBlock } = page;
    const rows = pageRows(page);
    this.db.transaction(() => {
      this.statements.deleteLedgerSpan.run(chainId, wallet, stream, fromBlock, toBlock);
      this.statements.deleteSpan.run(chainId, wallet, stream, fromBlock, toBlock);
      for (const { block, seq, hash, from, raw, fields } of rows) {
        this.statements.insertRecord.run(chainId, wallet, stream, block, seq, hash, from, raw);
        // A txlist row re-fetched after its receipt was stored takes the receipt's fields at once.
        const receipt = stream === 'txlist' ? (this.statements.receiptFields.get(chainId, hash) ?? null) : null;
        this.statements.insertLedgerRow.run(chainId, block, wallet, stream, seq, fields, receipt);
      }
      const range = extendRange(this.syncedRange(chainId, wallet, stream), fromBlock, toBlock);
      this.statements.upsertRange.run(
        chainId,
        wallet,
        stream,
        range.fromBlock,
        range.toBlock,
        range.backfill?.fromBlock ?? null,
        range.backfill?.toBlock ?? null,
      );
    })();
  }

  syncedRange(chainId: number, wallet: string, stream: Stream): SyncedRange | null {
    const row = this.statements.selectRange.get(chainId, wallet.toLowerCase(), stream);
    if (row === undefined) return null;
    const backfill =
      row.backfill_from === null || row.backfill_to === null ? null : { fromBlock: row.backfill_from, toBlock: row.backfill_to };
    return { fromBlock: row.from_block, toBlock: row.to_block, backfill };
  }

  /**
   * The wallets' rows in blocks [fromBlock, toBlock], ordered by block, wallet, stream and API
   * order, read lazily so memory stays bounded. Each is its `ledger_rows` line: only the fields the
   * ledger reads, clustered in this order so the read is sequential, and each txlist row carries
   * its receipt's fields, so the ledger needs no query per transaction. Reads may run while it is
   * open; writes may not.
   */
  *iterateRecords(chainId: number, wallets: readonly string[], fromBlock: number, toBlock: number): Generator<LedgerRow> {
    const lower = wallets.map((wallet) => wallet.toLowerCase());
    const owned = JSON.stringify(lower);
    // Rows in batches, not one `iterate` step each: a step crossed into SQLite and back per row, and between two rows
    // the ledger's work evicted SQLite's from the CPU's caches (1M entries: −14 % CPU for the read and ledger).
    // Every stored row of the first block sorts after (fromBlock, '', '', -1): its wallet is not empty.
    let after: readonly [number, string, string, number] = [fromBlock, '', '', -1];
    for (;;) {
      const rows = this.statements.ledgerRowsAfter.all(chainId, ...after, toBlock, owned);
      for (const [block, wallet, stream, , fields, receipt] of rows) yield decodeLedgerRow(lower, block, wallet, stream, fields, receipt);
      const last = rows[rows.length - 1];
      if (last === undefined || rows.length < READ_BATCH) return;
      after = [last[0], last[1], last[2], last[3]];
    }
  }

  /**
   * The blocks in [fromBlock, toBlock] where a row of the wallets mentions one of `addresses` (lowercase, each one
   * of `INDEXED_BRIDGE_ADDRESSES`), in ascending order, in any case: read from the index of rows that mention any
   * bridge, then kept if they mention one of these.
   */
  blocksMentioning(
    chainId: number,
    wallets: readonly string[],
    fromBlock: number,
    toBlock: number,
    addresses: readonly string[],
  ): number[] {
    if (addresses.length === 0) return [];
    const owned = JSON.stringify(wallets.map((wallet) => wallet.toLowerCase()));
    const mentions = new RegExp(addresses.map((address) => address.replace(/[^0-9a-z]/gi, '')).join('|'), 'i');
    const blocks: number[] = [];
    for (const [block, fields] of this.db
      .prepare<[number, number, number, string], [number, string]>(BRIDGED_ROWS)
      .raw()
      .iterate(chainId, fromBlock, toBlock, owned)) {
      if (blocks[blocks.length - 1] !== block && mentions.test(fields)) blocks.push(block);
    }
    return blocks;
  }

  /** How many rows `iterateRecords` would yield; at most `limit`. */
  countLedgerRows(chainId: number, wallets: readonly string[], fromBlock: number, toBlock: number, limit?: number): number {
    const owned = JSON.stringify(wallets.map((wallet) => wallet.toLowerCase()));
    const count =
      limit === undefined
        ? this.db.prepare<[number, number, number, string], number>(COUNT_LEDGER_ROWS).pluck().get(chainId, fromBlock, toBlock, owned)
        : this.db
            .prepare<[number, number, number, string, number], number>(COUNT_LEDGER_ROWS_UP_TO)
            .pluck()
            .get(chainId, fromBlock, toBlock, owned, limit);
    return count ?? 0;
  }

  /** The records exactly as the API sent them (the provenance of every ledger row), in the order of iterateRecords. */
  *rawRecords(chainId: number, wallets: readonly string[], fromBlock: number, toBlock: number): Generator<RawRow> {
    const owned = JSON.stringify(wallets.map((wallet) => wallet.toLowerCase()));
    const statement = this.db.prepare<[number, number, number, string], { wallet: string; stream: Stream; raw: string }>(RAW_RECORDS);
    for (const row of statement.iterate(chainId, fromBlock, toBlock, owned)) {
      yield { wallet: row.wallet, stream: row.stream, record: JSON.parse(row.raw) as WireRecord };
    }
  }

  storedReceipts(chainId: number, txHashes: readonly string[]): Set<string> {
    return new Set(txHashes.filter((hash) => this.statements.hasReceipt.get(chainId, hash) !== undefined));
  }

  /** Stores the receipt and copies its fields onto the stored txlist rows of the transaction in `block`. */
  putReceipt(chainId: number, txHash: string, block: number, receipt: WireReceipt): void {
    const hash = txHash.toLowerCase();
    const fields = encodeReceiptFields(receipt);
    this.db.transaction(() => {
      this.statements.upsertReceipt.run(chainId, hash, JSON.stringify(receipt), fields);
      this.statements.attachReceipt.run(fields, chainId, block, hash);
    })();
  }

  /** Stored txlist transactions sent by one of `senders` that have no receipt yet (lowercase). */
  missingReceipts(chainId: number, senders: readonly string[], fromBlock: number, toBlock: number): MissingReceipt[] {
    const owned = JSON.stringify(senders.map((sender) => sender.toLowerCase()));
    return this.statements.missingReceipts.all(chainId, fromBlock, toBlock, owned);
  }

  /** The state file, for another connection (a worker thread's). */
  get location(): StoreLocation {
    return { kind: 'sqlite', file: this.db.name };
  }

  countRecords(filter: { chainId?: number; wallet?: string; stream?: Stream } = {}): number {
    const { chainId, wallet, stream } = filter;
    return this.statements.countRecords.get({ chain: chainId ?? null, wallet: wallet?.toLowerCase() ?? null, stream: stream ?? null }) ?? 0;
  }

  countReceipts(): number {
    return this.statements.countReceipts.get() ?? 0;
  }

  /** Every write is committed when its call returns. */
  flush(): void {}

  close(): void {
    this.db.close();
  }
}

import type { Stream, WireReceipt, WireRecord } from '../../etherscan/wire.js';
import type { LedgerRow, MissingReceipt, PageCommit, RawRow } from '../RecordStore.js';
import { decodeLedgerRow } from '../ledgerFields.js';
import { pageRows } from '../pageRows.js';
import type { PipelineStore } from '../PipelineStore.js';
import type { StoreLocation } from '../StoreLocation.js';
import { extendRange, type SyncedRange } from '../SyncedRange.js';
import type { BlockingPostgres, Statement } from '../../db/postgres/BlockingPostgres.js';
import { PostgresAddressTags } from './PostgresAddressTags.js';
import { PostgresFinalAnswers } from './PostgresFinalAnswers.js';
import { PostgresPrices } from './PostgresPrices.js';
import { PostgresReceipts } from './PostgresReceipts.js';
import { PostgresScreeningLists } from './PostgresScreeningLists.js';
import { PG_MENTIONS_A_BRIDGE } from '../../db/bridgeRows.js';

/** $1 is always the book, $2 the chain: every key starts with them, so each statement stays inside one book. */
const SELECT_RANGE = `SELECT from_block, to_block, backfill_from, backfill_to FROM synced_ranges
  WHERE book_id = $1 AND chain_id = $2 AND wallet = $3 AND stream = $4`;

const BOOK_RANGES = `SELECT chain_id, wallet, stream, from_block, to_block, backfill_from, backfill_to FROM synced_ranges
  WHERE book_id = $1`;

// ledger_rows first: its rows are found through the records' key.
const DELETE_LEDGER_SPAN = `DELETE FROM ledger_rows l USING records r
  WHERE r.book_id = $1 AND r.chain_id = $2 AND r.wallet = $3 AND r.stream = $4 AND r.block_number BETWEEN $5 AND $6
    AND l.book_id = r.book_id AND l.chain_id = r.chain_id AND l.block_number = r.block_number AND l.wallet = r.wallet
    AND l.stream = r.stream AND l.seq = r.seq`;

const DELETE_SPAN =
  'DELETE FROM records WHERE book_id = $1 AND chain_id = $2 AND wallet = $3 AND stream = $4 AND block_number BETWEEN $5 AND $6';

/** A whole page in one statement per table: its columns as arrays. */
const INSERT_RECORDS = `INSERT INTO records (book_id, chain_id, wallet, stream, block_number, seq, tx_hash, from_address, raw)
  SELECT $1, $2, $3, $4, r.* FROM unnest($5::bigint[], $6::integer[], $7::text[], $8::text[], $9::text[]) AS r`;

/** A txlist row re-fetched after its receipt was stored takes the receipt's fields at once. */
const INSERT_LEDGER_ROWS = `INSERT INTO ledger_rows (book_id, chain_id, block_number, wallet, stream, seq, fields, receipt)
  SELECT $1, $2, r.block, $3, $4, r.seq, r.fields, c.ledger_fields
  FROM unnest($5::bigint[], $6::integer[], $7::text[], $8::text[]) AS r (block, seq, hash, fields)
  LEFT JOIN receipts c ON $4 = 'txlist' AND c.book_id = $1 AND c.chain_id = $2 AND c.tx_hash = r.hash`;

/**
 * A page is posted without waiting, its range worked out from what this store last wrote: the new range ($5–$8) is
 * written only over that one ($9–$12), or only where there was none, so another writer's range in between changes
 * no row and fails the page's transaction instead of being overwritten.
 */
const ADVANCE_RANGE = `UPDATE synced_ranges SET from_block = $5, to_block = $6, backfill_from = $7, backfill_to = $8
  WHERE book_id = $1 AND chain_id = $2 AND wallet = $3 AND stream = $4 AND from_block = $9 AND to_block = $10
    AND backfill_from IS NOT DISTINCT FROM $11::bigint AND backfill_to IS NOT DISTINCT FROM $12::bigint`;

const FIRST_RANGE = `INSERT INTO synced_ranges (book_id, chain_id, wallet, stream, from_block, to_block, backfill_from, backfill_to)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`;

const ITERATE_LEDGER_ROWS = `SELECT block_number, wallet, stream, fields, receipt FROM ledger_rows
  WHERE book_id = $1 AND chain_id = $2 AND block_number BETWEEN $3 AND $4 AND wallet = ANY($5::text[])
  ORDER BY block_number, wallet, stream, seq`;

const LEDGER_ROWS_WHERE = 'book_id = $1 AND chain_id = $2 AND block_number BETWEEN $3 AND $4 AND wallet = ANY($5::text[])';
const COUNT_LEDGER_ROWS = `SELECT count(*) FROM ledger_rows WHERE ${LEDGER_ROWS_WHERE}`;
const COUNT_LEDGER_ROWS_UP_TO = `SELECT count(*) FROM (SELECT 1 FROM ledger_rows WHERE ${LEDGER_ROWS_WHERE} LIMIT $6) AS up_to`;

/**
 * The rows of the partial index of bridge mentions (its condition repeated), then kept if they mention one of $6;
 * ILIKE because a stored row may carry a checksummed (mixed-case) address.
 */
const BLOCKS_MENTIONING = `SELECT DISTINCT block_number FROM ledger_rows
  WHERE book_id = $1 AND chain_id = $2 AND block_number BETWEEN $3 AND $4 AND wallet = ANY($5::text[]) AND ${PG_MENTIONS_A_BRIDGE}
    AND fields ILIKE ANY($6::text[])
  ORDER BY block_number`;

const RAW_RECORDS = `SELECT wallet, stream, raw FROM records
  WHERE book_id = $1 AND chain_id = $2 AND block_number BETWEEN $3 AND $4 AND wallet = ANY($5::text[])
  ORDER BY block_number, wallet, stream, seq`;

const COUNT_RECORDS = `SELECT count(*) FROM records WHERE book_id = $1 AND ($2::integer IS NULL OR chain_id = $2)
  AND ($3::text IS NULL OR wallet = $3) AND ($4::text IS NULL OR stream = $4)`;

/**
 * A session-level lock per book: held until released or the session ends, so a killed process or a restarted
 * server never leaves a book locked. The prefix keeps it apart from other advisory locks on the database.
 */
const TRY_LOCK_BOOK = "SELECT pg_try_advisory_lock(hashtextextended('ledgerscan book ' || $1, 0))";

/**
 * The `RecordStore` of one book in the PostgreSQL schema every book shares (`openPostgresStore`). Same
 * guarantees as the SQLite store: a page, its deletes and its range advance commit in one transaction, and
 * the range is advanced only from the one it was worked out from, so two writers of one book cannot
 * interleave; rows are written a page per statement and read through cursors. The sync's writes (pages,
 * receipts, the receipts a batch at a time: `PostgresReceipts`) are posted (`BlockingPostgres.post`): the sync goes
 * on with its API calls while they commit, in order, and any later read or write of this store waits for them first.
 */
export class PostgresStore implements PipelineStore {
  /** Shared by every book of the database: a tag or list fetched for one book serves them all. */
  readonly addressTags: PostgresAddressTags;
  readonly screeningLists: PostgresScreeningLists;
  readonly prices: PostgresPrices;
  /** Shared by every book: a finished period's re-run, or another book's run over it, asks none of them again. */
  readonly finalAnswers: PostgresFinalAnswers;
  readonly location: StoreLocation;
  /** Each key's range as this store's posted pages leave it: what the next page extends without asking. */
  private readonly ranges = new Map<string, SyncedRange | null>();
  /**
   * Set once the store holds the book's lock and has read every range of the book: no other run changes them then, so
   * `ranges` answers `syncedRange` (a key it lacks has none). Until then each is read.
   */
  private rangesKept = false;
  private readonly receipts: PostgresReceipts;

  constructor(
    private readonly database: BlockingPostgres,
    url: string,
    private readonly book: string,
  ) {
    this.receipts = new PostgresReceipts(database, book);
    this.addressTags = new PostgresAddressTags(database);
    this.screeningLists = new PostgresScreeningLists(database);
    this.prices = new PostgresPrices(database);
    this.finalAnswers = new PostgresFinalAnswers(database);
    this.location = { kind: 'postgres', url, book };
  }

  /** The session, every receipt put before posted first: whatever the store does next comes after them. */
  private get db(): BlockingPostgres {
    this.receipts.post();
    return this.database;
  }

  /**
   * Takes the book's lock on this store's session unless another session holds it: `false` then, at once.
   * Closing the store (or losing its session) releases it.
   */
  tryLockBook(): boolean {
    const [row] = this.db.query({ sql: TRY_LOCK_BOOK, params: [this.book] });
    if (row?.[0] !== true) return false;
    // Read after the lock is taken, so no write of another run can land between the read and the run's own pages.
    for (const range of this.db.query({ sql: BOOK_RANGES, params: [this.book] })) {
      const [chainId, wallet, stream, ...columns] = range as [number, string, Stream, ...unknown[]];
      this.ranges.set([this.book, chainId, wallet, stream].join(' '), rangeOf(columns));
    }
    this.rangesKept = true;
    return true;
  }

  commitPage(page: PageCommit): void {
    const wallet = page.wallet.toLowerCase();
    const { chainId, stream, fromBlock, toBlock } = page;
    const rows = pageRows(page);
    const key = [this.book, chainId, wallet, stream];
    const blocks = rows.map((row) => row.block);
    const seqs = rows.map((row) => row.seq);
    const hashes = rows.map((row) => row.hash);
    const id = key.join(' ');
    const known = this.ranges.has(id) ? (this.ranges.get(id) ?? null) : this.syncedRange(chainId, wallet, stream);
    const range = extendRange(known, fromBlock, toBlock);
    // A row commits with the range that covers it, and a range's end only grows: above it, or before the key has a
    // range, no row is stored, and a page there (every page of a warm night's sync, and of a cold one) replaces none.
    const statements: Statement[] =
      known !== null && fromBlock <= known.toBlock
        ? [
            { sql: DELETE_LEDGER_SPAN, params: [...key, fromBlock, toBlock] },
            { sql: DELETE_SPAN, params: [...key, fromBlock, toBlock] },
          ]
        : [];
    if (rows.length > 0) {
      statements.push(
        { sql: INSERT_RECORDS, params: [...key, blocks, seqs, hashes, rows.map((row) => row.from), rows.map((row) => row.raw)] },
        { sql: INSERT_LEDGER_ROWS, params: [...key, blocks, seqs, hashes, rows.map((row) => row.fields)] },
      );
    }
    statements.push({
      ...(known === null
        ? { sql: FIRST_RANGE, params: [...key, ...rangeColumns(range)] }
        : { sql: ADVANCE_RANGE, params: [...key, ...rangeColumns(range), ...rangeColumns(known)] }),
      expect: {
        rows: 1,
        otherwise: `the synced range of ${stream} on chain ${chainId} changed under this run: another writer has the book`,
      },
    });
    this.db.post(...statements);
    this.ranges.set(id, range);
  }

  /**
   * Kept when the store holds the book (`tryLockBook`); else read after every posted write, so it is what the next
   * page extends: kept, and the sync's first page of a key asks nothing.
   */
  syncedRange(chainId: number, wallet: string, stream: Stream): SyncedRange | null {
    const key = [this.book, chainId, wallet.toLowerCase(), stream];
    if (this.rangesKept) return this.ranges.get(key.join(' ')) ?? null;
    const [row] = this.db.query({ sql: SELECT_RANGE, params: key });
    const range = row === undefined ? null : rangeOf(row);
    this.ranges.set(key.join(' '), range);
    return range;
  }

  *iterateRecords(chainId: number, wallets: readonly string[], fromBlock: number, toBlock: number): Generator<LedgerRow> {
    const owned = wallets.map((wallet) => wallet.toLowerCase());
    for (const row of this.db.cursor(ITERATE_LEDGER_ROWS, this.span(chainId, wallets, fromBlock, toBlock))) {
      const [block, wallet, stream, fields, receipt] = row as [number, string, Stream, string, string | null];
      yield decodeLedgerRow(owned, block, wallet, stream, fields, receipt);
    }
  }

  countLedgerRows(chainId: number, wallets: readonly string[], fromBlock: number, toBlock: number, limit?: number): number {
    const span = this.span(chainId, wallets, fromBlock, toBlock);
    return this.count(
      limit === undefined ? { sql: COUNT_LEDGER_ROWS, params: span } : { sql: COUNT_LEDGER_ROWS_UP_TO, params: [...span, limit] },
    );
  }

  blocksMentioning(
    chainId: number,
    wallets: readonly string[],
    fromBlock: number,
    toBlock: number,
    addresses: readonly string[],
  ): number[] {
    if (addresses.length === 0) return [];
    const params = [...this.span(chainId, wallets, fromBlock, toBlock), addresses.map((address) => `%${address.toLowerCase()}%`)];
    // Named: planning it weighs the bridge index's thirteen ILIKE patterns against the column's statistics (0.1–0.3 s
    // a plan on a loaded host, 0.2 ms to execute), so the session's plan cache keeps its plan after a few executions.
    return this.db.query({ sql: BLOCKS_MENTIONING, params, name: 'ledgerscan_blocks_mentioning' }).map((row) => Number(row[0]));
  }

  *rawRecords(chainId: number, wallets: readonly string[], fromBlock: number, toBlock: number): Generator<RawRow> {
    for (const row of this.db.cursor(RAW_RECORDS, this.span(chainId, wallets, fromBlock, toBlock))) {
      const [wallet, stream, raw] = row as [string, Stream, string];
      yield { wallet, stream, record: JSON.parse(raw) as WireRecord };
    }
  }

  storedReceipts(chainId: number, txHashes: readonly string[]): Set<string> {
    return this.receipts.stored(chainId, txHashes);
  }

  /** Kept and posted with others (`PostgresReceipts`): a batch of receipts is one upsert and one attach. */
  putReceipt(chainId: number, txHash: string, block: number, receipt: WireReceipt): void {
    this.receipts.put(chainId, txHash, block, receipt);
  }

  missingReceipts(chainId: number, senders: readonly string[], fromBlock: number, toBlock: number): MissingReceipt[] {
    return this.receipts.missing(this.span(chainId, senders, fromBlock, toBlock));
  }

  countRecords(filter: { chainId?: number; wallet?: string; stream?: Stream } = {}): number {
    const { chainId, wallet, stream } = filter;
    return this.count({ sql: COUNT_RECORDS, params: [this.book, chainId ?? null, wallet?.toLowerCase() ?? null, stream ?? null] });
  }

  countReceipts(): number {
    return this.count({ sql: 'SELECT count(*) FROM receipts WHERE book_id = $1', params: [this.book] });
  }

  flush(): void {
    this.db.flush();
  }

  close(): void {
    this.db.close();
  }

  private span(chainId: number, addresses: readonly string[], fromBlock: number, toBlock: number): unknown[] {
    return [this.book, chainId, fromBlock, toBlock, addresses.map((address) => address.toLowerCase())];
  }

  private count(statement: Statement): number {
    const [row] = this.db.query(statement);
    return (row?.[0] as number | undefined) ?? 0;
  }
}

function rangeColumns(range: SyncedRange): (number | null)[] {
  return [range.fromBlock, range.toBlock, range.backfill?.fromBlock ?? null, range.backfill?.toBlock ?? null];
}

function rangeOf(row: unknown[]): SyncedRange {
  const [fromBlock, toBlock, backfillFrom, backfillTo] = row as [number, number, number | null, number | null];
  return {
    fromBlock,
    toBlock,
    backfill: backfillFrom === null || backfillTo === null ? null : { fromBlock: backfillFrom, toBlock: backfillTo },
  };
}

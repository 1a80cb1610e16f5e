import type Database from 'better-sqlite3';
import type { WireReceipt } from '../etherscan/wire.js';
import { InputError } from '../errors/LedgerscanError.js';
import { MENTIONS_A_BRIDGE } from '../db/bridgeRows.js';
import { encodeReceiptFields, ledgerFieldsOfRaw } from './ledgerFields.js';

/** SQL, or a function for a step that needs our own encoding (given as SQL functions) of stored rows. */
type Migration = string | ((db: Database.Database) => void);

/**
 * Numbered schema steps; migration N (1-based) brings `PRAGMA user_version` from N-1 to N.
 * Append only: a step that shipped is never edited, because stores in the field already ran it.
 */
export const migrations: readonly Migration[] = [
  `
  -- Raw list rows exactly as received. seq is the row's position in the page that wrote it; a block
  -- is always written whole by one page, so (block_number, seq) is the API order of a (wallet, stream).
  CREATE TABLE records (
    id INTEGER PRIMARY KEY,
    chain_id INTEGER NOT NULL,
    wallet TEXT NOT NULL,
    stream TEXT NOT NULL,
    block_number INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    tx_hash TEXT NOT NULL,
    from_address TEXT NOT NULL,
    raw TEXT NOT NULL
  );
  CREATE INDEX records_by_block ON records (chain_id, block_number, wallet, stream, seq);
  CREATE UNIQUE INDEX records_by_key ON records (chain_id, wallet, stream, block_number, seq);

  CREATE TABLE receipts (
    chain_id INTEGER NOT NULL,
    tx_hash TEXT NOT NULL,
    raw TEXT NOT NULL,
    PRIMARY KEY (chain_id, tx_hash)
  );

  -- One gap-free synced range per key. A downward extension in progress is kept apart as the
  -- backfill segment (itself gap-free) until it reaches from_block, so it resumes after a stop.
  CREATE TABLE synced_ranges (
    chain_id INTEGER NOT NULL,
    wallet TEXT NOT NULL,
    stream TEXT NOT NULL,
    from_block INTEGER NOT NULL,
    to_block INTEGER NOT NULL,
    backfill_from INTEGER,
    backfill_to INTEGER,
    PRIMARY KEY (chain_id, wallet, stream)
  );
  `,
  `
  -- The ledger reads every record and receipt on every export, and most of their bytes are fields it
  -- never uses (calldata, logs). ledger_fields is the raw JSON less those, so an export parses a
  -- quarter of the text; raw stays as received, for provenance.
  ALTER TABLE records ADD COLUMN ledger_fields TEXT;
  UPDATE records SET ledger_fields = json_remove(raw, '$.input', '$.confirmations', '$.blockHash', '$.cumulativeGasUsed', '$.nonce', '$.gas', '$.methodId');
  ALTER TABLE receipts ADD COLUMN ledger_fields TEXT;
  UPDATE receipts SET ledger_fields = json_remove(raw, '$.logs', '$.logsBloom');
  `,
  (db) => {
    db.function('ledger_fields_of', { deterministic: true }, (stream: unknown, raw: unknown) =>
      ledgerFieldsOfRaw(String(stream), String(raw)),
    );
    db.function('receipt_fields_of', { deterministic: true }, (raw: unknown) =>
      encodeReceiptFields(JSON.parse(String(raw)) as WireReceipt),
    );
    db.exec(`
    -- At a million rows, reading ledger_fields from records cost 15 µs a row: each row sat behind its raw
    -- JSON (overflow pages) in insertion order, and the receipt came through a join. ledger_rows holds the
    -- ledger's fields only (src/store/ledgerFields.ts), clustered in the export's read order, with the
    -- receipt's fields copied onto each txlist row of its transaction.
    CREATE TABLE ledger_rows (
      chain_id INTEGER NOT NULL,
      block_number INTEGER NOT NULL,
      wallet TEXT NOT NULL,
      stream TEXT NOT NULL,
      seq INTEGER NOT NULL,
      fields TEXT NOT NULL,
      receipt TEXT,
      PRIMARY KEY (chain_id, block_number, wallet, stream, seq)
    ) WITHOUT ROWID;
    UPDATE receipts SET ledger_fields = receipt_fields_of(raw);
    INSERT INTO ledger_rows
      SELECT r.chain_id, r.block_number, r.wallet, r.stream, r.seq, ledger_fields_of(r.stream, r.raw), c.ledger_fields
      FROM records r LEFT JOIN receipts c ON r.stream = 'txlist' AND c.chain_id = r.chain_id AND c.tx_hash = r.tx_hash;
    ALTER TABLE records DROP COLUMN ledger_fields;
    `);
  },
  `
  -- Name tags from nametag getaddresstag, fetched at most once per (chain, address): a Pro Plus call held to
  -- 2/s. raw is the API's record as received, NULL when the API knows no tag for the address (asked, so never
  -- asked again); fetched_at is the ISO time of the answer.
  CREATE TABLE address_tags (
    chain_id INTEGER NOT NULL,
    address TEXT NOT NULL,
    raw TEXT,
    fetched_at TEXT NOT NULL,
    PRIMARY KEY (chain_id, address)
  ) WITHOUT ROWID;

  -- Label lists from nametag exportaddresstags (ofac-sanctioned, phish-hack), replaced whole when fetched
  -- again; fetched_at says how old the list the screening column used is.
  CREATE TABLE screening_lists (
    chain_id INTEGER NOT NULL,
    label TEXT NOT NULL,
    fetched_at TEXT NOT NULL,
    PRIMARY KEY (chain_id, label)
  );
  CREATE TABLE screening_addresses (
    chain_id INTEGER NOT NULL,
    label TEXT NOT NULL,
    address TEXT NOT NULL,
    PRIMARY KEY (chain_id, label, address)
  ) WITHOUT ROWID;
  `,
  `
  -- Prices and ECB rates, each (source, chain, asset, currency, bucket) asked once ever: bucket is the hour (API
  -- sources) or the day (ECB) as unix seconds; price is a plain decimal, NULL for a true "not found" (never a
  -- rate limit or a failure, which are asked again); time is the record's own time; confidence DefiLlama's.
  CREATE TABLE prices (
    source TEXT NOT NULL,
    chain_id INTEGER NOT NULL,
    asset TEXT NOT NULL,
    currency TEXT NOT NULL,
    bucket INTEGER NOT NULL,
    price TEXT,
    time INTEGER,
    confidence REAL,
    PRIMARY KEY (source, chain_id, asset, currency, bucket)
  ) WITHOUT ROWID;
  `,
  // The rows that mention a canonical bridge (src/db/bridgeRows.ts), for bridge pairing.
  `CREATE INDEX ledger_rows_bridged ON ledger_rows (chain_id, block_number) WHERE ${MENTIONS_A_BRIDGE};`,
  `
  -- Answers of the API that cannot change any more (src/sync/RememberingApi.ts): the block of an instant a day
  -- past, a balance at a final block, the highest head seen. question names the call and its arguments.
  CREATE TABLE final_answers (
    chain_id INTEGER NOT NULL,
    question TEXT NOT NULL,
    answer TEXT NOT NULL,
    PRIMARY KEY (chain_id, question)
  ) WITHOUT ROWID;
  `,
];

/**
 * Runs the steps the store has not run yet, each in its own transaction with its version bump. Upgrading a
 * store that already holds records can take a minute at a million of them, so that is said, before and after.
 */
export function migrate(db: Database.Database, path: string, log: (line: string) => void = () => undefined): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) {
    throw new InputError('the state file was written by a newer ledgerscan', {
      details: { path, schemaVersion: current, supported: migrations.length, fix: 'upgrade ledgerscan or use another --state' },
    });
  }
  if (current === migrations.length) return;
  const started = performance.now();
  // A new file (version 0) has nothing to carry over; only an existing store's upgrade is worth a line.
  const upgrading = current > 0;
  if (upgrading) {
    const records = db.prepare<[], number>('SELECT count(*) FROM records').pluck().get() ?? 0;
    log(
      `upgrading the state file ${path} from schema ${current} to ${migrations.length} (${records} stored record${records === 1 ? '' : 's'}), once; stopping it is safe`,
    );
  }
  migrations.slice(current).forEach((step, index) => {
    db.transaction(() => {
      if (typeof step === 'string') db.exec(step);
      else step(db);
      db.pragma(`user_version = ${current + index + 1}`);
    })();
  });
  if (upgrading) log(`state file upgraded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

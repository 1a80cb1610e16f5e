
  -- Raw list rows exactly as received (JSON text: jsonb would reorder keys and normalise numbers). seq is
  -- the row's position in the page that wrote it, so (block_number, seq) is the API order of a key.
  CREATE TABLE records (
    book_id text COLLATE "C" NOT NULL,
    chain_id integer NOT NULL,
    wallet text COLLATE "C" NOT NULL,
    stream text COLLATE "C" NOT NULL,
    block_number bigint NOT NULL,
    seq integer NOT NULL,
    tx_hash text COLLATE "C" NOT NULL,
    from_address text COLLATE "C" NOT NULL,
    raw text NOT NULL,
    PRIMARY KEY (book_id, chain_id, wallet, stream, block_number, seq)
  );
  CREATE INDEX records_by_transaction ON records (book_id, chain_id, stream, block_number, tx_hash);

  -- The ledger's fields of each record (src/store/ledgerFields.ts), keyed in the export's read order, with
  -- the receipt's fields copied onto each txlist row of its transaction, as in the SQLite store.
  CREATE TABLE ledger_rows (
    book_id text COLLATE "C" NOT NULL,
    chain_id integer NOT NULL,
    block_number bigint NOT NULL,
    wallet text COLLATE "C" NOT NULL,
    stream text COLLATE "C" NOT NULL,
    seq integer NOT NULL,
    fields text NOT NULL,
    receipt text,
    PRIMARY KEY (book_id, chain_id, block_number, wallet, stream, seq)
  );

  CREATE TABLE receipts (
    book_id text COLLATE "C" NOT NULL,
    chain_id integer NOT NULL,
    tx_hash text COLLATE "C" NOT NULL,
    raw text NOT NULL,
    ledger_fields text NOT NULL,
    PRIMARY KEY (book_id, chain_id, tx_hash)
  );

  -- One gap-free synced range per key, the backfill segment apart (src/store/SyncedRange.ts).
  CREATE TABLE synced_ranges (
    book_id text COLLATE "C" NOT NULL,
    chain_id integer NOT NULL,
    wallet text COLLATE "C" NOT NULL,
    stream text COLLATE "C" NOT NULL,
    from_block bigint NOT NULL,
    to_block bigint NOT NULL,
    backfill_from bigint,
    backfill_to bigint,
    PRIMARY KEY (book_id, chain_id, wallet, stream)
  );

  -- The shared per-key API limiter's state (PostgresRateLimiter): the theoretical arrival time of the
  -- key's next call. Unlogged: it is rewritten on every call, and a crash that empties it only lets the
  -- next call go at once, which the API allows.
  CREATE UNLOGGED TABLE api_rate_limits (
    key_id text COLLATE "C" PRIMARY KEY,
    next_slot timestamptz NOT NULL
  );
  

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
  
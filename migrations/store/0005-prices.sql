
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
  

  -- The price cache (src/store/PriceTable.ts's twin): facts about an asset, shared by every book, each
  -- (source, chain, asset, currency, bucket) asked once ever; price NULL = a true "not found".
  CREATE TABLE prices (
    source text COLLATE "C" NOT NULL,
    chain_id integer NOT NULL,
    asset text COLLATE "C" NOT NULL,
    currency text COLLATE "C" NOT NULL,
    bucket bigint NOT NULL,
    price text,
    time bigint,
    confidence double precision,
    PRIMARY KEY (source, chain_id, asset, currency, bucket)
  );
  
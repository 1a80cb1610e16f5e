
  -- Name tags and screening lists (nametag getaddresstag, exportaddresstags) are facts about a chain address,
  -- not about a book: one table for every book, so a tag fetched for one client is never fetched for another.
  -- raw is the API's record as received, NULL when the API knows no tag; times are ISO text as in SQLite.
  CREATE TABLE address_tags (
    chain_id integer NOT NULL,
    address text COLLATE "C" NOT NULL,
    raw text,
    fetched_at text NOT NULL,
    PRIMARY KEY (chain_id, address)
  );
  CREATE TABLE screening_lists (
    chain_id integer NOT NULL,
    label text COLLATE "C" NOT NULL,
    fetched_at text NOT NULL,
    PRIMARY KEY (chain_id, label)
  );
  CREATE TABLE screening_addresses (
    chain_id integer NOT NULL,
    label text COLLATE "C" NOT NULL,
    address text COLLATE "C" NOT NULL,
    PRIMARY KEY (chain_id, label, address)
  );
  CREATE INDEX screening_addresses_by_address ON screening_addresses (chain_id, address);
  
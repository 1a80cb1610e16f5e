
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
  
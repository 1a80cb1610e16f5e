
  -- A book's ledger materialized for the transactions table (src/workspace/SqlBookEntries.ts): each refresh writes a
  -- new entry set, and one update of entry_views makes it the book's current one, so readers never see half of a
  -- refresh. seq is the ledger order (time first); the indexes lead with the set and end with seq, so a filter's first
  -- page is read in order from its index. Reviews and notes are keyed by the stable entry id and survive every refresh.
  CREATE TABLE entry_sets (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, book_id bigint NOT NULL REFERENCES books (id) ON DELETE CASCADE,
    columns text NOT NULL, entries bigint NOT NULL, created_at text NOT NULL);
  CREATE TABLE entry_views (book_id bigint PRIMARY KEY REFERENCES books (id) ON DELETE CASCADE, set_id bigint NOT NULL, refreshed_at text NOT NULL);
  CREATE TABLE book_entries (
    set_id bigint NOT NULL REFERENCES entry_sets (id) ON DELETE CASCADE, seq bigint NOT NULL, entry_id text COLLATE "C" NOT NULL,
    timestamp bigint NOT NULL, chain_id bigint NOT NULL, tx_hash text COLLATE "C" NOT NULL, wallet text COLLATE "C" NOT NULL,
    direction text COLLATE "C" NOT NULL, asset text COLLATE "C" NOT NULL, asset_contract text COLLATE "C" NOT NULL, token_id text NOT NULL,
    amount_raw text NOT NULL, decimals integer, counterparty text COLLATE "C" NOT NULL, category text COLLATE "C" NOT NULL,
    spam integer NOT NULL, search text COLLATE "C" NOT NULL, cells text NOT NULL, PRIMARY KEY (set_id, seq));
  CREATE INDEX book_entries_by_time ON book_entries (set_id, timestamp, seq);
  CREATE INDEX book_entries_by_wallet ON book_entries (set_id, wallet, seq);
  CREATE INDEX book_entries_by_wallet_category ON book_entries (set_id, wallet, category, seq);
  CREATE INDEX book_entries_by_spam ON book_entries (set_id, spam, seq);
  CREATE INDEX book_entries_by_chain ON book_entries (set_id, chain_id, seq);
  CREATE INDEX book_entries_by_category ON book_entries (set_id, category, seq);
  CREATE INDEX book_entries_by_asset ON book_entries (set_id, asset, seq);
  CREATE INDEX book_entries_by_contract ON book_entries (set_id, asset_contract, seq);
  CREATE INDEX book_entries_by_hash ON book_entries (set_id, tx_hash, seq);
  CREATE INDEX book_entries_by_entry ON book_entries (set_id, entry_id);
  CREATE INDEX book_entries_by_text ON book_entries (set_id, search);
  CREATE TABLE entry_reviews (book_id bigint NOT NULL REFERENCES books (id) ON DELETE CASCADE, entry_id text COLLATE "C" NOT NULL,
    status text COLLATE "C" NOT NULL, author text NOT NULL, at text NOT NULL, PRIMARY KEY (book_id, entry_id));
  CREATE INDEX entry_reviews_by_status ON entry_reviews (book_id, status);
  CREATE TABLE entry_notes (seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, book_id bigint NOT NULL REFERENCES books (id) ON DELETE CASCADE,
    entry_id text COLLATE "C" NOT NULL, author text NOT NULL, at text NOT NULL, text text NOT NULL);
  CREATE INDEX entry_notes_by_entry ON entry_notes (book_id, entry_id, seq);
  

-- A book's ledger materialized for the transactions table (src/workspace/SqlBookEntries.ts): each refresh writes a new
-- entry set, and one update of entry_views makes it the book's current one, so readers never see half of a refresh.
-- seq is the ledger order (time first); the indexes lead with the set and end with seq, so a filter's first page is
-- read in order from its index. Reviews and notes are keyed by the stable entry id and survive every refresh.
CREATE TABLE IF NOT EXISTS entry_sets (
  id INTEGER PRIMARY KEY AUTOINCREMENT, book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  columns TEXT NOT NULL, entries INTEGER NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS entry_views (book_id INTEGER PRIMARY KEY REFERENCES books(id) ON DELETE CASCADE, set_id INTEGER NOT NULL, refreshed_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS book_entries (
  set_id INTEGER NOT NULL REFERENCES entry_sets(id) ON DELETE CASCADE, seq INTEGER NOT NULL, entry_id TEXT NOT NULL,
  timestamp INTEGER NOT NULL, chain_id INTEGER NOT NULL, tx_hash TEXT NOT NULL, wallet TEXT NOT NULL, direction TEXT NOT NULL,
  asset TEXT NOT NULL, asset_contract TEXT NOT NULL, token_id TEXT NOT NULL, amount_raw TEXT NOT NULL, decimals INTEGER,
  counterparty TEXT NOT NULL, category TEXT NOT NULL, spam INTEGER NOT NULL, search TEXT NOT NULL, cells TEXT NOT NULL,
  PRIMARY KEY (set_id, seq)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS book_entries_by_time ON book_entries (set_id, timestamp, seq);
CREATE INDEX IF NOT EXISTS book_entries_by_wallet ON book_entries (set_id, wallet, seq);
CREATE INDEX IF NOT EXISTS book_entries_by_wallet_category ON book_entries (set_id, wallet, category, seq);
CREATE INDEX IF NOT EXISTS book_entries_by_spam ON book_entries (set_id, spam, seq);
CREATE INDEX IF NOT EXISTS book_entries_by_chain ON book_entries (set_id, chain_id, seq);
CREATE INDEX IF NOT EXISTS book_entries_by_category ON book_entries (set_id, category, seq);
CREATE INDEX IF NOT EXISTS book_entries_by_asset ON book_entries (set_id, asset, seq);
CREATE INDEX IF NOT EXISTS book_entries_by_contract ON book_entries (set_id, asset_contract, seq);
CREATE INDEX IF NOT EXISTS book_entries_by_hash ON book_entries (set_id, tx_hash, seq);
CREATE INDEX IF NOT EXISTS book_entries_by_entry ON book_entries (set_id, entry_id);
-- A text filter's count reads this narrow index, not every row: without it SQLite counted through the entry-id index, a row lookup each.
CREATE INDEX IF NOT EXISTS book_entries_by_text ON book_entries (set_id, search);
CREATE TABLE IF NOT EXISTS entry_reviews (
  book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE, entry_id TEXT NOT NULL, status TEXT NOT NULL,
  author TEXT NOT NULL, at TEXT NOT NULL, PRIMARY KEY (book_id, entry_id));
CREATE INDEX IF NOT EXISTS entry_reviews_by_status ON entry_reviews (book_id, status);
CREATE TABLE IF NOT EXISTS entry_notes (
  seq INTEGER PRIMARY KEY, book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE, entry_id TEXT NOT NULL,
  author TEXT NOT NULL, at TEXT NOT NULL, text TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS entry_notes_by_entry ON entry_notes (book_id, entry_id, seq);

-- A book's opening lots (src/workspace/bookLotsFile.ts): lots held before the book's first entry, entered on the gains
-- page; each run of the book gets them as its opening lots file. Rows, so every worker reads the same list.
CREATE TABLE IF NOT EXISTS book_opening_lots (
  id INTEGER PRIMARY KEY AUTOINCREMENT, book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  wallet TEXT NOT NULL, chain_id INTEGER NOT NULL, asset TEXT NOT NULL, asset_contract TEXT NOT NULL, lot_id TEXT NOT NULL,
  acquired_at TEXT NOT NULL, quantity TEXT NOT NULL, cost TEXT NOT NULL, decimals INTEGER NOT NULL,
  author TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS book_opening_lots_by_book ON book_opening_lots (book_id, id);

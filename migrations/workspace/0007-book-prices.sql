
-- A book's manual prices (src/workspace/bookPriceFile.ts): each run of the book gets them as its price file, the
-- file source first. Rows, not a file, so every worker of a distributed workspace reads the same list.
CREATE TABLE IF NOT EXISTS book_prices (
  id INTEGER PRIMARY KEY AUTOINCREMENT, book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  time TEXT NOT NULL, chain_id INTEGER NOT NULL, asset TEXT NOT NULL, currency TEXT NOT NULL, price TEXT NOT NULL,
  author TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS book_prices_by_book ON book_prices (book_id, id);
  
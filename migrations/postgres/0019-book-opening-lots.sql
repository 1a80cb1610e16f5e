-- A book's opening lots (src/workspace/bookLotsFile.ts): lots held before the book's first entry, entered on the gains
-- page; each run of the book gets them as its opening lots file. Rows, so every worker reads the same list.
CREATE TABLE book_opening_lots (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  book_id bigint NOT NULL REFERENCES books (id) ON DELETE CASCADE,
  wallet text COLLATE "C" NOT NULL, chain_id integer NOT NULL, asset text NOT NULL, asset_contract text COLLATE "C" NOT NULL,
  lot_id text COLLATE "C" NOT NULL, acquired_at text NOT NULL, quantity text NOT NULL, cost text NOT NULL, decimals integer NOT NULL,
  author text NOT NULL, created_at text NOT NULL
);
CREATE INDEX book_opening_lots_by_book ON book_opening_lots (book_id, id);

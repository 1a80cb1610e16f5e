
  -- A book's manual prices (src/workspace/bookPriceFile.ts): each run of the book gets them as its price file, the
  -- file source first. Rows, not a file, so every worker reads the same list.
  CREATE TABLE book_prices (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    book_id bigint NOT NULL REFERENCES books (id) ON DELETE CASCADE,
    time text COLLATE "C" NOT NULL, chain_id integer NOT NULL, asset text COLLATE "C" NOT NULL,
    currency text COLLATE "C" NOT NULL, price text NOT NULL, author text NOT NULL, created_at text NOT NULL
  );
  CREATE INDEX book_prices_by_book ON book_prices (book_id, id);
  

  -- The text filter is a substring of the search column: a trigram index answers LIKE '%…%' from the few rows
  -- holding the text's trigrams instead of a scan of the set (contrib's pg_trgm, trusted: the database owner may add it).
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  DROP INDEX book_entries_by_text;
  CREATE INDEX book_entries_by_text ON book_entries USING gin (search gin_trgm_ops);
  -- Each entry's value in the book's currency as its ledger.csv cells say it (empty: unvalued), for the view's value totals.
  ALTER TABLE book_entries ADD COLUMN value text NOT NULL DEFAULT '', ADD COLUMN value_currency text COLLATE "C" NOT NULL DEFAULT '';
  
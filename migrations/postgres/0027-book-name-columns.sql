-- A book's name and time zone as columns of its own (src/workspace/bookListKeys.ts), stored: the books list reads
-- them for every book the filter lets through, and at 1,000 books parsing each one's whole `data` (wallets and all)
-- as jsonb was most of the list's keys statement. Written by the database with `data`, so no writer can leave them stale.
ALTER TABLE books ADD COLUMN name text GENERATED ALWAYS AS (data::jsonb ->> 'name') STORED,
  ADD COLUMN timezone text GENERATED ALWAYS AS (data::jsonb ->> 'timezone') STORED;

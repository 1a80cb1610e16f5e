-- A book's name and time zone as columns of its own (src/workspace/bookListKeys.ts), the same on both engines. The
-- books list reads them for every book the filter lets through; on PostgreSQL they are stored (0027) so the list no
-- longer parses each book's whole `data` (wallets and all) per request. SQLite cannot add a stored column to a table
-- that exists: here they are computed when read, as the list's expressions were.
ALTER TABLE books ADD COLUMN name TEXT GENERATED ALWAYS AS (data ->> '$.name') VIRTUAL;
ALTER TABLE books ADD COLUMN timezone TEXT GENERATED ALWAYS AS (data ->> '$.timezone') VIRTUAL;

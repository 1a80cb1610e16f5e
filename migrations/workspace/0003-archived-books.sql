
-- A book with closed periods is archived, never deleted: hidden from the list, its filed periods and runs kept.
ALTER TABLE books ADD COLUMN archived_at TEXT;


-- Corrections made in the workspace, applied after the job's rules in id order; AUTOINCREMENT never reuses a
-- removed rule's id, so "rule 7" in a manifest or a diff names one rule for good.
CREATE TABLE IF NOT EXISTS book_rules (
  id INTEGER PRIMARY KEY AUTOINCREMENT, book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  rule TEXT NOT NULL, reason TEXT NOT NULL, author TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS book_rules_by_book ON book_rules (book_id, id);

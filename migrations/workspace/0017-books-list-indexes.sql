-- The front page's night (src/workspace/SqlNights.ts `latest`): the newest scheduled run, then that UTC day's
-- scheduled runs, read by their creation time instead of scanning every run.
CREATE INDEX runs_scheduled ON runs (trigger, created_at);
-- The books list's last alert of a book (src/workspace/listedRuns.ts): the runs whose summary names an alert, a few,
-- so a book that never alerted costs one index probe, not a walk of its whole history. The query repeats this
-- condition word for word (a partial index is used only for its own condition).
CREATE INDEX runs_alerted ON runs (book_id, id) WHERE summary LIKE '%"alert":%';
-- The books list's figures of a book in its period, spam aside (src/workspace/entries/SqlBookFigures.ts), kept for the
-- entry set as it was when counted (set_id, refreshed_at), the period counted and the book's reviews as they were
-- (reviews_version): a list of 1,000 books counts again only the books whose table, period or reviews changed since,
-- not every entry and review of every book on each request. Every write of a review, by any path, bumps its book's
-- version (the triggers), so a count is never taken for newer than it is.
CREATE TABLE book_figures (
  book_id INTEGER PRIMARY KEY REFERENCES books(id) ON DELETE CASCADE, set_id INTEGER NOT NULL, refreshed_at TEXT NOT NULL,
  from_time INTEGER NOT NULL, to_time INTEGER NOT NULL, reviews_version INTEGER NOT NULL,
  entries INTEGER NOT NULL, reviewed INTEGER NOT NULL, flagged INTEGER NOT NULL, missing INTEGER NOT NULL,
  transfers INTEGER NOT NULL, bridges INTEGER NOT NULL);
CREATE TABLE book_review_versions (book_id INTEGER PRIMARY KEY REFERENCES books(id) ON DELETE CASCADE, version INTEGER NOT NULL);
CREATE TRIGGER entry_reviews_inserted AFTER INSERT ON entry_reviews BEGIN
  INSERT INTO book_review_versions (book_id, version) VALUES (NEW.book_id, 1) ON CONFLICT (book_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER entry_reviews_updated AFTER UPDATE ON entry_reviews BEGIN
  INSERT INTO book_review_versions (book_id, version) VALUES (NEW.book_id, 1) ON CONFLICT (book_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER entry_reviews_deleted AFTER DELETE ON entry_reviews BEGIN
  INSERT INTO book_review_versions (book_id, version) VALUES (OLD.book_id, 1) ON CONFLICT (book_id) DO UPDATE SET version = version + 1;
END;

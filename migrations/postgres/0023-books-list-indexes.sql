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
-- not every entry and review of every book on each request. Every write of reviews, by any path or process, bumps
-- its books' versions (the statement triggers), so a count is never taken for newer than it is.
CREATE TABLE book_figures (
  book_id bigint PRIMARY KEY REFERENCES books (id) ON DELETE CASCADE, set_id bigint NOT NULL, refreshed_at text NOT NULL,
  from_time bigint NOT NULL, to_time bigint NOT NULL, reviews_version bigint NOT NULL,
  entries bigint NOT NULL, reviewed bigint NOT NULL, flagged bigint NOT NULL, missing bigint NOT NULL,
  transfers bigint NOT NULL, bridges bigint NOT NULL);
CREATE TABLE book_review_versions (book_id bigint PRIMARY KEY REFERENCES books (id) ON DELETE CASCADE, version bigint NOT NULL);
CREATE FUNCTION entry_reviews_changed() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO book_review_versions (book_id, version) SELECT DISTINCT book_id, 1 FROM gone
      ON CONFLICT (book_id) DO UPDATE SET version = book_review_versions.version + 1;
  ELSE
    INSERT INTO book_review_versions (book_id, version) SELECT DISTINCT book_id, 1 FROM changed
      ON CONFLICT (book_id) DO UPDATE SET version = book_review_versions.version + 1;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER entry_reviews_inserted AFTER INSERT ON entry_reviews REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION entry_reviews_changed();
CREATE TRIGGER entry_reviews_updated AFTER UPDATE ON entry_reviews REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION entry_reviews_changed();
CREATE TRIGGER entry_reviews_deleted AFTER DELETE ON entry_reviews REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION entry_reviews_changed();

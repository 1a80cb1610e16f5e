-- The books list's keys of a book (src/workspace/bookListKeys.ts), kept: its newest run's time, its last finished
-- reconcile's status and holdings value, its newest export with an outcome's cost-basis issues, its newest period.
-- A list of 1,000 books reads 1,000 narrow rows instead of four probes of `runs` a book. Each is the newest run of the
-- book passing one of the books list's tests (`PICKS`, src/workspace/listedRuns.ts), repeated here word for word:
-- `book_list_picks` computes them, and every write of a run that can change them, by any path, stores its book's row
-- again (the triggers). `holdings` and `basis_issues` have no type: the JSON member is kept as read, not converted.
CREATE TABLE book_list_keys (
  book_id INTEGER PRIMARY KEY REFERENCES books(id) ON DELETE CASCADE, last_run_at TEXT, reconcile_status TEXT,
  holdings, basis_issues, period TEXT);
CREATE VIEW book_list_picks AS
  SELECT p.book_id, newest.created_at AS last_run_at, reconcile.status AS reconcile_status,
    reconcile.summary ->> '$.holdingsValue' AS holdings, basis.summary ->> '$.basisIssues' AS basis_issues,
    period.request ->> '$.period' AS period
  FROM (SELECT b.id AS book_id,
      (SELECT r.id FROM runs r WHERE r.book_id = b.id ORDER BY r.book_id DESC, r.id DESC LIMIT 1) AS newest,
      (SELECT r.id FROM runs r WHERE r.book_id = b.id AND r.request ->> '$.kind' IN ('reconcile', 'report')
        AND r.finished_at IS NOT NULL ORDER BY r.book_id DESC, r.id DESC LIMIT 1) AS reconcile,
      (SELECT r.id FROM runs r WHERE r.book_id = b.id AND r.request ->> '$.kind' IN ('export')
        AND r.status IN ('succeeded', 'differences') ORDER BY r.book_id DESC, r.id DESC LIMIT 1) AS basis,
      (SELECT r.id FROM runs r WHERE r.book_id = b.id AND r.request ->> '$.period' IS NOT NULL
        ORDER BY r.book_id DESC, r.id DESC LIMIT 1) AS period
    FROM books b) p
  LEFT JOIN runs newest ON newest.id = p.newest LEFT JOIN runs reconcile ON reconcile.id = p.reconcile
  LEFT JOIN runs basis ON basis.id = p.basis LEFT JOIN runs period ON period.id = p.period;
INSERT INTO book_list_keys SELECT * FROM book_list_picks;
CREATE TRIGGER runs_listed_inserted AFTER INSERT ON runs BEGIN
  INSERT OR REPLACE INTO book_list_keys SELECT * FROM book_list_picks WHERE book_id = NEW.book_id;
END;
CREATE TRIGGER runs_listed_updated AFTER UPDATE OF book_id, request, status, summary, finished_at, created_at ON runs BEGIN
  INSERT OR REPLACE INTO book_list_keys SELECT * FROM book_list_picks WHERE book_id IN (OLD.book_id, NEW.book_id);
END;
CREATE TRIGGER runs_listed_deleted AFTER DELETE ON runs BEGIN
  INSERT OR REPLACE INTO book_list_keys SELECT * FROM book_list_picks WHERE book_id = OLD.book_id;
END;

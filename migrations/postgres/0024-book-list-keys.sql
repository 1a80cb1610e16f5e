-- The books list's keys of a book (src/workspace/bookListKeys.ts), kept: its newest run's time, its last finished
-- reconcile's status and holdings value, its newest export with an outcome's cost-basis issues, its newest period.
-- A list of 1,000 books reads 1,000 narrow rows instead of four probes of `runs` a book. Each is the newest run of the
-- book passing one of the books list's tests (`PICKS`, src/workspace/listedRuns.ts), repeated here word for word:
-- `book_list_picks` computes them, and every write of a run that can change them, by any path or process, stores its
-- book's row again (the triggers).
CREATE TABLE book_list_keys (
  book_id bigint PRIMARY KEY REFERENCES books (id) ON DELETE CASCADE, last_run_at text, reconcile_status text,
  holdings text, basis_issues text, period text);
CREATE VIEW book_list_picks AS
  SELECT p.book_id, newest.created_at AS last_run_at, reconcile.status::text AS reconcile_status,
    (reconcile.summary::jsonb ->> 'holdingsValue') AS holdings, (basis.summary::jsonb ->> 'basisIssues') AS basis_issues,
    (period.request::jsonb ->> 'period') AS period
  FROM (SELECT b.id AS book_id,
      (SELECT r.id FROM runs r WHERE r.book_id = b.id ORDER BY r.book_id DESC, r.id DESC LIMIT 1) AS newest,
      (SELECT r.id FROM runs r WHERE r.book_id = b.id AND (r.request::jsonb ->> 'kind') IN ('reconcile', 'report')
        AND r.finished_at IS NOT NULL ORDER BY r.book_id DESC, r.id DESC LIMIT 1) AS reconcile,
      (SELECT r.id FROM runs r WHERE r.book_id = b.id AND (r.request::jsonb ->> 'kind') IN ('export')
        AND r.status IN ('succeeded', 'differences') ORDER BY r.book_id DESC, r.id DESC LIMIT 1) AS basis,
      (SELECT r.id FROM runs r WHERE r.book_id = b.id AND (r.request::jsonb ->> 'period') IS NOT NULL
        ORDER BY r.book_id DESC, r.id DESC LIMIT 1) AS period
    FROM books b) p
  LEFT JOIN runs newest ON newest.id = p.newest LEFT JOIN runs reconcile ON reconcile.id = p.reconcile
  LEFT JOIN runs basis ON basis.id = p.basis LEFT JOIN runs period ON period.id = p.period;
INSERT INTO book_list_keys SELECT * FROM book_list_picks;
-- A book's row locked first (taken, or made), then computed in a statement of its own: under READ COMMITTED that
-- statement sees every run write committed by whoever held the lock before, so two transactions writing runs of one
-- book at once cannot leave the row as the earlier of them computed it. A deleted book (runs removed by its cascade)
-- gets no row.
CREATE FUNCTION book_list_keys_refresh(book bigint) RETURNS void LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO book_list_keys (book_id) SELECT id FROM books WHERE id = book
    ON CONFLICT (book_id) DO UPDATE SET book_id = EXCLUDED.book_id;
  UPDATE book_list_keys k SET (last_run_at, reconcile_status, holdings, basis_issues, period) =
    (SELECT p.last_run_at, p.reconcile_status, p.holdings, p.basis_issues, p.period FROM book_list_picks p WHERE p.book_id = book)
    WHERE k.book_id = book;
END $$;
CREATE FUNCTION runs_listed_changed() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM book_list_keys_refresh(NEW.book_id);
  ELSE
    PERFORM book_list_keys_refresh(OLD.book_id);
    IF TG_OP = 'UPDATE' AND NEW.book_id <> OLD.book_id THEN PERFORM book_list_keys_refresh(NEW.book_id); END IF;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER runs_listed_inserted AFTER INSERT ON runs FOR EACH ROW EXECUTE FUNCTION runs_listed_changed();
CREATE TRIGGER runs_listed_updated AFTER UPDATE OF book_id, request, status, summary, finished_at, created_at ON runs
  FOR EACH ROW EXECUTE FUNCTION runs_listed_changed();
CREATE TRIGGER runs_listed_deleted AFTER DELETE ON runs FOR EACH ROW EXECUTE FUNCTION runs_listed_changed();

-- The runs a book's row of the books list reads, by id (src/workspace/listedRuns.ts): its newest run, its last
-- finished reconcile, its newest export with an outcome, its newest run naming a period. Each test had been written
-- twice, in the list's query and in `book_list_picks` (0024); now the list reads the ids here and the view (and so
-- the triggers keeping `book_list_keys`) the runs they name: one statement of each test. The kinds are those whose
-- results carry a reconcile report or cost-basis issues (src/runs/runKinds.ts); test/workspace/listedRuns.test.ts
-- runs every kind. `book_list_keys_refresh` names the view in PL/pgSQL, which PostgreSQL does not track: it reads the
-- new one.
DROP VIEW book_list_picks;
CREATE VIEW book_list_runs AS
  SELECT b.id AS book_id,
    (SELECT r.id FROM runs r WHERE r.book_id = b.id ORDER BY r.book_id DESC, r.id DESC LIMIT 1) AS newest,
    (SELECT r.id FROM runs r WHERE r.book_id = b.id AND (r.request::jsonb ->> 'kind') IN ('reconcile', 'report')
      AND r.finished_at IS NOT NULL ORDER BY r.book_id DESC, r.id DESC LIMIT 1) AS reconcile,
    (SELECT r.id FROM runs r WHERE r.book_id = b.id AND (r.request::jsonb ->> 'kind') IN ('export')
      AND r.status IN ('succeeded', 'differences') ORDER BY r.book_id DESC, r.id DESC LIMIT 1) AS basis,
    (SELECT r.id FROM runs r WHERE r.book_id = b.id AND (r.request::jsonb ->> 'period') IS NOT NULL
      ORDER BY r.book_id DESC, r.id DESC LIMIT 1) AS period
  FROM books b;
CREATE VIEW book_list_picks AS
  SELECT p.book_id, newest.created_at AS last_run_at, reconcile.status::text AS reconcile_status,
    (reconcile.summary::jsonb ->> 'holdingsValue') AS holdings, (basis.summary::jsonb ->> 'basisIssues') AS basis_issues,
    (period.request::jsonb ->> 'period') AS period
  FROM book_list_runs p
  LEFT JOIN runs newest ON newest.id = p.newest LEFT JOIN runs reconcile ON reconcile.id = p.reconcile
  LEFT JOIN runs basis ON basis.id = p.basis LEFT JOIN runs period ON period.id = p.period;

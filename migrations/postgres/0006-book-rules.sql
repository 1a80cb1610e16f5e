
  -- Corrections made in the workspace, applied after the job's rules in id order; an identity never reuses a
  -- removed rule's id, so "rule 7" in a manifest or a diff names one rule for good.
  CREATE TABLE book_rules (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    book_id bigint NOT NULL REFERENCES books (id) ON DELETE CASCADE,
    rule text NOT NULL,
    reason text NOT NULL,
    author text NOT NULL,
    created_at text NOT NULL
  );
  CREATE INDEX book_rules_by_book ON book_rules (book_id, id);
  

  -- The audit log (src/workspace/SqlAuditLog.ts): who did what, at the database's clock (clock_timestamp(), not the
  -- transaction's start) as the ISO text SQLite writes. No foreign keys: an entry outlives its user and book.
  -- Append-only: the triggers refuse UPDATE, DELETE and TRUNCATE, whoever asks.
  CREATE TABLE audit_log (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at text COLLATE "C" NOT NULL DEFAULT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    user_id bigint,
    user_name text COLLATE "C",
    via text NOT NULL,
    action text COLLATE "C" NOT NULL,
    book_id bigint,
    target text NOT NULL,
    before_json text,
    after_json text
  );
  CREATE INDEX audit_log_by_book ON audit_log (book_id, id);
  CREATE INDEX audit_log_by_user ON audit_log (user_name, id);
  CREATE INDEX audit_log_by_at ON audit_log (at, id);
  CREATE FUNCTION refuse_audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    RAISE EXCEPTION 'the audit log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
  END $$;
  CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit_change();
  CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION refuse_audit_change();
  

-- The audit log (src/workspace/SqlAuditLog.ts): who did what, when by this database's clock. No foreign keys: an
-- entry outlives its user and book. Append-only: the triggers refuse any UPDATE or DELETE, whoever asks.
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY, at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), user_id INTEGER, user_name TEXT,
  via TEXT NOT NULL, action TEXT NOT NULL, book_id INTEGER, target TEXT NOT NULL, before_json TEXT, after_json TEXT);
CREATE INDEX audit_log_by_book ON audit_log (book_id, id);
CREATE INDEX audit_log_by_user ON audit_log (user_name, id);
CREATE INDEX audit_log_by_at ON audit_log (at, id);
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;

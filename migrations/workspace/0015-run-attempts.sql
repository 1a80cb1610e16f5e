-- The calls of a run's earlier attempts, one row an attempt (its started_at) and the key it ran on: a run that moved to
-- another key, or was deferred to the next day, has its calls counted on each key it used, not only on its last.
CREATE TABLE run_attempts (run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE, started_at TEXT NOT NULL, key_name TEXT NOT NULL, calls INTEGER NOT NULL, PRIMARY KEY (run_id, started_at));

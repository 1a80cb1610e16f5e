-- The calls of a run's earlier attempts, one row an attempt (its started_at) and the key it ran on: a run that moved to
-- another key, or was deferred to the next day, has its calls counted on each key it used, not only on its last.
CREATE TABLE run_attempts (run_id bigint NOT NULL REFERENCES runs (id) ON DELETE CASCADE, started_at text COLLATE "C" NOT NULL, key_name text COLLATE "C" NOT NULL, calls bigint NOT NULL, PRIMARY KEY (run_id, started_at));

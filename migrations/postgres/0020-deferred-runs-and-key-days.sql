-- A run deferred until its key's daily quota resets: resume_at is when a scheduler queues it again (ISO, UTC).
ALTER TABLE runs ADD COLUMN resume_at text COLLATE "C";
CREATE INDEX runs_deferred ON runs (resume_at) WHERE status = 'deferred';
-- The calls each key made on each UTC day, counted by every worker before each call (its daily quota); nights_alerted:
-- the one night alert, claimed once across the cluster.
CREATE TABLE key_days (key_name text COLLATE "C" NOT NULL, day text COLLATE "C" NOT NULL, calls bigint NOT NULL, PRIMARY KEY (key_name, day));
CREATE TABLE nights_alerted (night text COLLATE "C" PRIMARY KEY, at text NOT NULL);

-- A run deferred until its key's daily quota resets: resume_at is when the scheduler queues it again (ISO, UTC).
ALTER TABLE runs ADD COLUMN resume_at TEXT;
CREATE INDEX runs_deferred ON runs (resume_at) WHERE status = 'deferred';
-- The calls each key made on each UTC day (its daily quota is counted here, by every run on it); nights_alerted:
-- the one night alert, claimed once.
CREATE TABLE key_days (key_name TEXT NOT NULL, day TEXT NOT NULL, calls INTEGER NOT NULL, PRIMARY KEY (key_name, day));
CREATE TABLE nights_alerted (night TEXT PRIMARY KEY, at TEXT NOT NULL);

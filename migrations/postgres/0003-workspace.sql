
  -- The workspace (PostgresWorkspaceData): the tables of the embedded workspace.db with the same columns, so
  -- both return identical records. JSON fields are text (written and read back as the same string);
  -- instants are the ISO text the workspace writes, compared as text in byte order ("C"), as SQLite does.
  -- Ids come from identity columns; seq columns keep insertion order where SQLite reads its rowid.
  CREATE TABLE users (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name text COLLATE "C" NOT NULL UNIQUE,
    role text NOT NULL,
    password_hash text NOT NULL
  );
  CREATE TABLE tokens (
    token_hash text COLLATE "C" PRIMARY KEY,
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE
  );
  CREATE TABLE sessions (
    session_hash text COLLATE "C" PRIMARY KEY,
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at text COLLATE "C" NOT NULL
  );
  CREATE TABLE books (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    data text NOT NULL,
    created_at text NOT NULL,
    updated_at text NOT NULL
  );
  -- stop_requested: set by the server, polled by whichever worker runs the run. api_key_name: the NAME of
  -- the key the run was given, never the key.
  CREATE TABLE runs (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    book_id bigint NOT NULL REFERENCES books (id) ON DELETE CASCADE,
    request text NOT NULL,
    status text COLLATE "C" NOT NULL,
    trigger text NOT NULL,
    progress text NOT NULL,
    summary text,
    error text,
    files text NOT NULL DEFAULT '[]',
    created_at text NOT NULL,
    started_at text,
    finished_at text,
    stop_requested boolean NOT NULL DEFAULT false,
    api_key_name text COLLATE "C"
  );
  CREATE INDEX runs_by_book ON runs (book_id, id);
  CREATE INDEX runs_by_status ON runs (status, id);
  CREATE TABLE run_log (
    seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    run_id bigint NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    line text NOT NULL
  );
  CREATE INDEX run_log_by_run ON run_log (run_id, seq);
  CREATE TABLE schedules (
    book_id bigint NOT NULL REFERENCES books (id) ON DELETE CASCADE,
    kind text COLLATE "C" NOT NULL,
    cron text NOT NULL,
    zone text NOT NULL,
    templates text NOT NULL,
    last_fired_at text,
    PRIMARY KEY (book_id, kind)
  );
  CREATE TABLE shares (
    seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
    id text COLLATE "C" PRIMARY KEY,
    token_hash text COLLATE "C" NOT NULL UNIQUE,
    run_id bigint NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    expires_at text NOT NULL,
    revoked_at text
  );
  CREATE INDEX shares_by_run ON shares (run_id, seq);
  CREATE TABLE share_downloads (
    seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    share_id text COLLATE "C" NOT NULL REFERENCES shares (id) ON DELETE CASCADE,
    file text NOT NULL,
    at text NOT NULL
  );
  CREATE INDEX share_downloads_by_share ON share_downloads (share_id, seq);
  -- The last beat of each ledgerscan worker, the queue's lease on a dead worker's run reckoned from it: one row per graphile-worker worker id, beaten on the database's clock (src/workspace/WorkerLease.ts).
  CREATE TABLE worker_heartbeats (
    worker_id text COLLATE "C" PRIMARY KEY,
    beat_at timestamptz NOT NULL
  );
  
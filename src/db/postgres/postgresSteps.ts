import { laterSteps } from './laterSteps.js';

/**
 * Numbered schema steps of the ledgerscan schema (step N brings the recorded version from N-1 to N), append only as for
 * the SQLite store: a step that shipped is never edited. One schema holds every book: the book id leads every key. Text
 * columns sorted or joined on use "C" (byte order, as SQLite compares, whatever the locale). A later step has its own file (`laterSteps`).
 */
export const postgresMigrations: readonly string[] = [
  `
  -- Raw list rows exactly as received (JSON text: jsonb would reorder keys and normalise numbers). seq is
  -- the row's position in the page that wrote it, so (block_number, seq) is the API order of a key.
  CREATE TABLE records (
    book_id text COLLATE "C" NOT NULL,
    chain_id integer NOT NULL,
    wallet text COLLATE "C" NOT NULL,
    stream text COLLATE "C" NOT NULL,
    block_number bigint NOT NULL,
    seq integer NOT NULL,
    tx_hash text COLLATE "C" NOT NULL,
    from_address text COLLATE "C" NOT NULL,
    raw text NOT NULL,
    PRIMARY KEY (book_id, chain_id, wallet, stream, block_number, seq)
  );
  CREATE INDEX records_by_transaction ON records (book_id, chain_id, stream, block_number, tx_hash);

  -- The ledger's fields of each record (src/store/ledgerFields.ts), keyed in the export's read order, with
  -- the receipt's fields copied onto each txlist row of its transaction, as in the SQLite store.
  CREATE TABLE ledger_rows (
    book_id text COLLATE "C" NOT NULL,
    chain_id integer NOT NULL,
    block_number bigint NOT NULL,
    wallet text COLLATE "C" NOT NULL,
    stream text COLLATE "C" NOT NULL,
    seq integer NOT NULL,
    fields text NOT NULL,
    receipt text,
    PRIMARY KEY (book_id, chain_id, block_number, wallet, stream, seq)
  );

  CREATE TABLE receipts (
    book_id text COLLATE "C" NOT NULL,
    chain_id integer NOT NULL,
    tx_hash text COLLATE "C" NOT NULL,
    raw text NOT NULL,
    ledger_fields text NOT NULL,
    PRIMARY KEY (book_id, chain_id, tx_hash)
  );

  -- One gap-free synced range per key, the backfill segment apart (src/store/SyncedRange.ts).
  CREATE TABLE synced_ranges (
    book_id text COLLATE "C" NOT NULL,
    chain_id integer NOT NULL,
    wallet text COLLATE "C" NOT NULL,
    stream text COLLATE "C" NOT NULL,
    from_block bigint NOT NULL,
    to_block bigint NOT NULL,
    backfill_from bigint,
    backfill_to bigint,
    PRIMARY KEY (book_id, chain_id, wallet, stream)
  );

  -- The shared per-key API limiter's state (PostgresRateLimiter): the theoretical arrival time of the
  -- key's next call. Unlogged: it is rewritten on every call, and a crash that empties it only lets the
  -- next call go at once, which the API allows.
  CREATE UNLOGGED TABLE api_rate_limits (
    key_id text COLLATE "C" PRIMARY KEY,
    next_slot timestamptz NOT NULL
  );
  `,
  `
  -- Name tags and screening lists (nametag getaddresstag, exportaddresstags) are facts about a chain address,
  -- not about a book: one table for every book, so a tag fetched for one client is never fetched for another.
  -- raw is the API's record as received, NULL when the API knows no tag; times are ISO text as in SQLite.
  CREATE TABLE address_tags (
    chain_id integer NOT NULL,
    address text COLLATE "C" NOT NULL,
    raw text,
    fetched_at text NOT NULL,
    PRIMARY KEY (chain_id, address)
  );
  CREATE TABLE screening_lists (
    chain_id integer NOT NULL,
    label text COLLATE "C" NOT NULL,
    fetched_at text NOT NULL,
    PRIMARY KEY (chain_id, label)
  );
  CREATE TABLE screening_addresses (
    chain_id integer NOT NULL,
    label text COLLATE "C" NOT NULL,
    address text COLLATE "C" NOT NULL,
    PRIMARY KEY (chain_id, label, address)
  );
  CREATE INDEX screening_addresses_by_address ON screening_addresses (chain_id, address);
  `,
  `
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
  `,
  `
  -- A run's change (its row, a log line) is announced on the run_changes channel with the run id, at commit: the
  -- server's event streams push it instead of re-reading the log (src/db/postgres/listenChannel.ts).
  CREATE FUNCTION notify_run_change() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('run_changes', to_jsonb(NEW) ->> TG_ARGV[0]);
    RETURN NULL;
  END $$;
  CREATE TRIGGER runs_changed AFTER INSERT OR UPDATE ON runs FOR EACH ROW EXECUTE FUNCTION notify_run_change('id');
  CREATE TRIGGER run_log_added AFTER INSERT ON run_log FOR EACH ROW EXECUTE FUNCTION notify_run_change('run_id');
  `,
  `
  -- A book with closed periods is archived, never deleted: hidden from the list, its filed periods and runs kept.
  ALTER TABLE books ADD COLUMN archived_at text;
  `,
  `
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
  `,
  `
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
  `,
  `
  -- A book's ledger materialized for the transactions table (src/workspace/SqlBookEntries.ts): each refresh writes a
  -- new entry set, and one update of entry_views makes it the book's current one, so readers never see half of a
  -- refresh. seq is the ledger order (time first); the indexes lead with the set and end with seq, so a filter's first
  -- page is read in order from its index. Reviews and notes are keyed by the stable entry id and survive every refresh.
  CREATE TABLE entry_sets (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, book_id bigint NOT NULL REFERENCES books (id) ON DELETE CASCADE,
    columns text NOT NULL, entries bigint NOT NULL, created_at text NOT NULL);
  CREATE TABLE entry_views (book_id bigint PRIMARY KEY REFERENCES books (id) ON DELETE CASCADE, set_id bigint NOT NULL, refreshed_at text NOT NULL);
  CREATE TABLE book_entries (
    set_id bigint NOT NULL REFERENCES entry_sets (id) ON DELETE CASCADE, seq bigint NOT NULL, entry_id text COLLATE "C" NOT NULL,
    timestamp bigint NOT NULL, chain_id bigint NOT NULL, tx_hash text COLLATE "C" NOT NULL, wallet text COLLATE "C" NOT NULL,
    direction text COLLATE "C" NOT NULL, asset text COLLATE "C" NOT NULL, asset_contract text COLLATE "C" NOT NULL, token_id text NOT NULL,
    amount_raw text NOT NULL, decimals integer, counterparty text COLLATE "C" NOT NULL, category text COLLATE "C" NOT NULL,
    spam integer NOT NULL, search text COLLATE "C" NOT NULL, cells text NOT NULL, PRIMARY KEY (set_id, seq));
  CREATE INDEX book_entries_by_time ON book_entries (set_id, timestamp, seq);
  CREATE INDEX book_entries_by_wallet ON book_entries (set_id, wallet, seq);
  CREATE INDEX book_entries_by_wallet_category ON book_entries (set_id, wallet, category, seq);
  CREATE INDEX book_entries_by_spam ON book_entries (set_id, spam, seq);
  CREATE INDEX book_entries_by_chain ON book_entries (set_id, chain_id, seq);
  CREATE INDEX book_entries_by_category ON book_entries (set_id, category, seq);
  CREATE INDEX book_entries_by_asset ON book_entries (set_id, asset, seq);
  CREATE INDEX book_entries_by_contract ON book_entries (set_id, asset_contract, seq);
  CREATE INDEX book_entries_by_hash ON book_entries (set_id, tx_hash, seq);
  CREATE INDEX book_entries_by_entry ON book_entries (set_id, entry_id);
  CREATE INDEX book_entries_by_text ON book_entries (set_id, search);
  CREATE TABLE entry_reviews (book_id bigint NOT NULL REFERENCES books (id) ON DELETE CASCADE, entry_id text COLLATE "C" NOT NULL,
    status text COLLATE "C" NOT NULL, author text NOT NULL, at text NOT NULL, PRIMARY KEY (book_id, entry_id));
  CREATE INDEX entry_reviews_by_status ON entry_reviews (book_id, status);
  CREATE TABLE entry_notes (seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, book_id bigint NOT NULL REFERENCES books (id) ON DELETE CASCADE,
    entry_id text COLLATE "C" NOT NULL, author text NOT NULL, at text NOT NULL, text text NOT NULL);
  CREATE INDEX entry_notes_by_entry ON entry_notes (book_id, entry_id, seq);
  `,
  `
  -- The price cache (src/store/PriceTable.ts's twin): facts about an asset, shared by every book, each
  -- (source, chain, asset, currency, bucket) asked once ever; price NULL = a true "not found".
  CREATE TABLE prices (
    source text COLLATE "C" NOT NULL,
    chain_id integer NOT NULL,
    asset text COLLATE "C" NOT NULL,
    currency text COLLATE "C" NOT NULL,
    bucket bigint NOT NULL,
    price text,
    time bigint,
    confidence double precision,
    PRIMARY KEY (source, chain_id, asset, currency, bucket)
  );
  `,
  `
  -- A book's manual prices (src/workspace/bookPriceFile.ts): each run of the book gets them as its price file, the
  -- file source first. Rows, not a file, so every worker reads the same list.
  CREATE TABLE book_prices (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    book_id bigint NOT NULL REFERENCES books (id) ON DELETE CASCADE,
    time text COLLATE "C" NOT NULL, chain_id integer NOT NULL, asset text COLLATE "C" NOT NULL,
    currency text COLLATE "C" NOT NULL, price text NOT NULL, author text NOT NULL, created_at text NOT NULL
  );
  CREATE INDEX book_prices_by_book ON book_prices (book_id, id);
  `,
  `
  -- The text filter is a substring of the search column: a trigram index answers LIKE '%…%' from the few rows
  -- holding the text's trigrams instead of a scan of the set (contrib's pg_trgm, trusted: the database owner may add it).
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  DROP INDEX book_entries_by_text;
  CREATE INDEX book_entries_by_text ON book_entries USING gin (search gin_trgm_ops);
  -- Each entry's value in the book's currency as its ledger.csv cells say it (empty: unvalued), for the view's value totals.
  ALTER TABLE book_entries ADD COLUMN value text NOT NULL DEFAULT '', ADD COLUMN value_currency text COLLATE "C" NOT NULL DEFAULT '';
  `,
  ...laterSteps,
];

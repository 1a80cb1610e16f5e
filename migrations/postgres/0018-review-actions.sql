-- A bulk review of a filtered view (src/workspace/entries/SqlReviewActions.ts): the action with its filter and count,
-- and each changed entry's previous state (status null: it had none), so its undo restores exactly what was there.
CREATE TABLE review_actions (
  id bigserial PRIMARY KEY, book_id bigint NOT NULL REFERENCES books (id) ON DELETE CASCADE,
  filter text NOT NULL, status text NOT NULL, author text NOT NULL, at text NOT NULL, changed bigint NOT NULL,
  undone_at text
);
CREATE TABLE review_action_entries (
  action_id bigint NOT NULL REFERENCES review_actions (id) ON DELETE CASCADE, entry_id text COLLATE "C" NOT NULL,
  status text, author text, at text, PRIMARY KEY (action_id, entry_id)
);

-- A bulk review of a filtered view (src/workspace/entries/SqlReviewActions.ts): the action with its filter and count,
-- and each changed entry's previous state (status null: it had none), so its undo restores exactly what was there.
CREATE TABLE IF NOT EXISTS review_actions (
  id INTEGER PRIMARY KEY AUTOINCREMENT, book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  filter TEXT NOT NULL, status TEXT NOT NULL, author TEXT NOT NULL, at TEXT NOT NULL, changed INTEGER NOT NULL,
  undone_at TEXT);
CREATE TABLE IF NOT EXISTS review_action_entries (
  action_id INTEGER NOT NULL REFERENCES review_actions(id) ON DELETE CASCADE, entry_id TEXT NOT NULL,
  status TEXT, author TEXT, at TEXT, PRIMARY KEY (action_id, entry_id)) WITHOUT ROWID;

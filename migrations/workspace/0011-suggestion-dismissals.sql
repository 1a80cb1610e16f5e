-- The suggested matches a book's users dismissed (src/workspace/entries/SqlSuggestions.ts), by the pair's two entry
-- ids, so a dismissal outlives every refresh of the transactions table and the pair is never suggested again.
CREATE TABLE IF NOT EXISTS suggestion_dismissals (
  book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE, suggestion_id TEXT NOT NULL,
  author TEXT NOT NULL, at TEXT NOT NULL, PRIMARY KEY (book_id, suggestion_id));

-- The suggested matches a book's users dismissed (src/workspace/entries/SqlSuggestions.ts), by the pair's two entry
-- ids, so a dismissal outlives every refresh of the transactions table and the pair is never suggested again.
CREATE TABLE suggestion_dismissals (
  book_id bigint NOT NULL REFERENCES books (id) ON DELETE CASCADE, suggestion_id text COLLATE "C" NOT NULL,
  author text NOT NULL, at text NOT NULL, PRIMARY KEY (book_id, suggestion_id)
);

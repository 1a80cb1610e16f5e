
-- The books a staff or client user is assigned to (src/server/plugins/app/bookAccess.ts): they see those only.
CREATE TABLE IF NOT EXISTS book_staff (
  book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (book_id, user_id));
CREATE INDEX IF NOT EXISTS book_staff_by_user ON book_staff (user_id, book_id);

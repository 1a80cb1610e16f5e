  
  -- The books a staff or client user is assigned to (src/server/plugins/app/bookAccess.ts): they see those only.
  CREATE TABLE book_staff (
    book_id bigint NOT NULL REFERENCES books (id) ON DELETE CASCADE,
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (book_id, user_id)
  );
  CREATE INDEX book_staff_by_user ON book_staff (user_id, book_id);

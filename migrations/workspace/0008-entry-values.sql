
-- Each entry's value in the book's currency as its ledger.csv cells say it (empty: unvalued), for the view's value totals.
ALTER TABLE book_entries ADD COLUMN value TEXT NOT NULL DEFAULT '';
ALTER TABLE book_entries ADD COLUMN value_currency TEXT NOT NULL DEFAULT '';

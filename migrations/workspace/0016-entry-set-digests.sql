-- A SHA-256 of every 500 rows of an entry set in ledger order, as a JSON array (src/workspace/entries/entrySetDigests.ts):
-- a refresh writes the set again only from the first 500 rows that changed, where every warm night rewrote each book's
-- table whole. Empty: not known (a set written before this step, or whose cells a rule's id renamed); its next refresh
-- writes a whole set.
ALTER TABLE entry_sets ADD COLUMN digests TEXT NOT NULL DEFAULT '';

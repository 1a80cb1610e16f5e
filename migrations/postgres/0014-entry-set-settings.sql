  -- The book settings each entry set was built from (src/workspace/entries/bookSettings.ts), so the table says it is
  -- stale while a changed currency, label or spam list has not reached it yet. Empty: built before this step.
  ALTER TABLE entry_sets ADD COLUMN settings text NOT NULL DEFAULT '';

-- Answers of the API that cannot change any more (src/sync/RememberingApi.ts): the block of an instant a day
-- past, a balance at a final block, the highest head seen. question names the call and its arguments.
CREATE TABLE final_answers (
  chain_id INTEGER NOT NULL,
  question TEXT NOT NULL,
  answer TEXT NOT NULL,
  PRIMARY KEY (chain_id, question)
) WITHOUT ROWID;

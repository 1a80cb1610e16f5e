-- Answers of the API that cannot change any more (src/sync/RememberingApi.ts): the block of an instant a day past,
-- a balance at a final block, the highest head seen. Facts about a chain, so every book of the database shares them.
CREATE TABLE final_answers (
  chain_id INTEGER NOT NULL,
  question TEXT NOT NULL,
  answer TEXT NOT NULL,
  PRIMARY KEY (chain_id, question)
);

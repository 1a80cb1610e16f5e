-- Each stored line without ids gets its legs' entry ids after its fields, byte for byte the line a sync stores now
-- (src/ledger/rowEntryIds.ts; store/0008 in SQL): hashing them at every export cost ≈ 1.2 CPU s a million entries. An
-- id is `x` and 16 hex digits of the SHA-256 of `chain|tx|wallet|stream|ref|leg` (src/ledger/entryId.ts): tx is the
-- line's hash, lowercased unless it is a `GENESIS_` pseudo hash; ref is the row's place among its key's rows of that
-- transaction in the block, in seq order, as the ledger numbers them; a txlist row also gets its sender's fee id, any
-- other row ''. A line is its values joined by U+001F, or U+001E and their JSON array (each value a JSON string,
-- `"(?:[^"\\]|\\.)*"`); a line with more values than its stream's fields has its ids. lower() is JavaScript's
-- toLowerCase on ASCII only, and a JSON string's text is its value only without escapes: a key's rows of a block with
-- another hash keep no ids, hashed at export as before (no explorer sends such a hash).
SET LOCAL work_mem = '64MB';
WITH lines AS (
  SELECT book_id, chain_id, block_number, wallet, stream, seq,
    CASE WHEN starts_with(fields, E'\x1e')
      THEN (SELECT count(*) FROM regexp_matches(fields, E'"(?:[^"\\\\]|\\\\.)*"', 'g'))
      ELSE length(fields) - length(replace(fields, E'\x1f', '')) + 1 END AS width,
    CASE WHEN starts_with(fields, E'\x1e')
      THEN (regexp_match(fields, E'^\x1e[[]"[^"]*","([^"]*)"'))[1]
      ELSE split_part(fields, E'\x1f', 2) END COLLATE "C" AS hash
  FROM ledger_rows),
sources AS (
  SELECT book_id, chain_id, block_number, wallet, stream, seq, width,
    bool_and(coalesce(octet_length(hash) = length(hash) AND strpos(hash, E'\\') = 0, false))
      OVER (PARTITION BY book_id, chain_id, block_number, wallet, stream) AS plain,
    concat_ws('|', chain_id, tx, wallet, stream,
      row_number() OVER (PARTITION BY book_id, chain_id, block_number, wallet, stream, tx ORDER BY seq) - 1) AS source
  FROM (SELECT *, CASE WHEN starts_with(hash, 'GENESIS_') THEN hash ELSE lower(hash) END AS tx FROM lines) AS places),
ids AS (
  SELECT book_id, chain_id, block_number, wallet, stream, seq,
    'x' || left(encode(sha256(convert_to(source || '|value', 'UTF8')), 'hex'), 16) AS value_id,
    CASE WHEN stream = 'txlist' THEN 'x' || left(encode(sha256(convert_to(source || '|fee', 'UTF8')), 'hex'), 16) ELSE '' END AS fee_id
  FROM sources
  WHERE plain AND width = CASE stream WHEN 'txlist' THEN 12 WHEN 'txlistinternal' THEN 8 WHEN 'tokentx' THEN 11
    WHEN 'tokennfttx' THEN 11 WHEN 'token1155tx' THEN 11 END)
UPDATE ledger_rows l SET fields = CASE WHEN starts_with(l.fields, E'\x1e')
    THEN left(l.fields, -1) || ',"' || ids.value_id || '","' || ids.fee_id || '"]'
    ELSE l.fields || E'\x1f' || ids.value_id || E'\x1f' || ids.fee_id END
  FROM ids
  WHERE (l.book_id, l.chain_id, l.block_number, l.wallet, l.stream, l.seq)
    = (ids.book_id, ids.chain_id, ids.block_number, ids.wallet, ids.stream, ids.seq);

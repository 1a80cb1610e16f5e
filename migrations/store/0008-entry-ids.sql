-- Each stored line gets its legs' entry ids after its fields (src/ledger/rowEntryIds.ts): hashing them at every
-- export was ≈ 0.85 µs of each entry's ≈ 13 at 1M. A row's ref is its place among its key's rows of its
-- transaction in the block, in seq order, as the ledger numbers them when it groups the rows it reads.
UPDATE ledger_rows SET fields = ledger_fields_with_ids(ledger_rows.chain_id, ledger_rows.wallet, ledger_rows.stream, ledger_rows.fields, places.ref)
  FROM (
    SELECT chain_id, block_number, wallet, stream, seq,
      row_number() OVER (PARTITION BY chain_id, block_number, wallet, stream, ledger_row_hash(stream, fields) ORDER BY seq) - 1 AS ref
    FROM ledger_rows
  ) AS places
  WHERE (ledger_rows.chain_id, ledger_rows.block_number, ledger_rows.wallet, ledger_rows.stream, ledger_rows.seq)
    = (places.chain_id, places.block_number, places.wallet, places.stream, places.seq);

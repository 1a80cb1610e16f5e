
    -- At a million rows, reading ledger_fields from records cost 15 µs a row: each row sat behind its raw
    -- JSON (overflow pages) in insertion order, and the receipt came through a join. ledger_rows holds the
    -- ledger's fields only (src/store/ledgerFields.ts), clustered in the export's read order, with the
    -- receipt's fields copied onto each txlist row of its transaction.
    CREATE TABLE ledger_rows (
      chain_id INTEGER NOT NULL,
      block_number INTEGER NOT NULL,
      wallet TEXT NOT NULL,
      stream TEXT NOT NULL,
      seq INTEGER NOT NULL,
      fields TEXT NOT NULL,
      receipt TEXT,
      PRIMARY KEY (chain_id, block_number, wallet, stream, seq)
    ) WITHOUT ROWID;
    UPDATE receipts SET ledger_fields = receipt_fields_of(raw);
    INSERT INTO ledger_rows
      SELECT r.chain_id, r.block_number, r.wallet, r.stream, r.seq, ledger_fields_of(r.stream, r.raw), c.ledger_fields
      FROM records r LEFT JOIN receipts c ON r.stream = 'txlist' AND c.chain_id = r.chain_id AND c.tx_hash = r.tx_hash;
    ALTER TABLE records DROP COLUMN ledger_fields;
    
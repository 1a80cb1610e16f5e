
  -- The ledger reads every record and receipt on every export, and most of their bytes are fields it
  -- never uses (calldata, logs). ledger_fields is the raw JSON less those, so an export parses a
  -- quarter of the text; raw stays as received, for provenance.
  ALTER TABLE records ADD COLUMN ledger_fields TEXT;
  UPDATE records SET ledger_fields = json_remove(raw, '$.input', '$.confirmations', '$.blockHash', '$.cumulativeGasUsed', '$.nonce', '$.gas', '$.methodId');
  ALTER TABLE receipts ADD COLUMN ledger_fields TEXT;
  UPDATE receipts SET ledger_fields = json_remove(raw, '$.logs', '$.logsBloom');
  
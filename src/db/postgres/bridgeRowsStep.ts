import { PG_MENTIONS_A_BRIDGE } from '../bridgeRows.js';

/** The schema step of the partial index of ledger rows that mention a canonical bridge (src/db/bridgeRows.ts), for bridge pairing. */
export const bridgeRowsStep = `CREATE INDEX ledger_rows_bridged ON ledger_rows (book_id, chain_id, block_number) WHERE ${PG_MENTIONS_A_BRIDGE};`;

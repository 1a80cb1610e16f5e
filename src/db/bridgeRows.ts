/**
 * Every canonical bridge address of `src/ledger/bridgeContracts.ts`, lowercase. The partial index
 * `ledger_rows_bridged` (migrations/store/0006, migrations/postgres/0013) holds the ledger rows whose line mentions one
 * of them, so bridge pairing reads those few rows instead of scanning every row of the period (2 s at 1M entries,
 * before the first row could be written). A new bridge address needs a new step in both folders that drops the index
 * and creates it again with this list; tests fail until every listed bridge is here and until the last step's
 * condition is this list's.
 */
export const INDEXED_BRIDGE_ADDRESSES = [
  '0x99c9fc46f92e8a1c0dec1b1747d010903e884be1',
  '0xbeb5fc579115071764c7423a4f12edde41f106ed',
  '0x3154cf16ccdb4c6d922629664174b904d80f2c35',
  '0x49048044d57e1c92a77f79988d21fa8faf74e97e',
  '0x4dbd4fc535ac27206064b68ffcf827b0a60bab3f',
  '0x8315177ab297ba92a06054ce80a67ed4dbd7ed3a',
  '0x72ce9c846789fdb6fc1f34ac4ad25dd9ef7031ef',
  '0xa3a7b6f88361f48403514059f1f16c8e78d60eec',
  '0x4200000000000000000000000000000000000010',
  '0x4200000000000000000000000000000000000016',
  '0x0000000000000000000000000000000000000064',
  '0x5288c571fd7ad117bea99bf60fe0846c4e84f933',
  '0x09e9222e96e7b4ae2a407b98d48e330053351eee',
] as const;

/**
 * The index's condition in each store, which a query repeats word for word to be answered from it. It ignores
 * ASCII case, so a checksummed address in a stored line is found too: SQLite's LIKE does, PostgreSQL's ILIKE.
 */
export const MENTIONS_A_BRIDGE = mentions('LIKE');
export const PG_MENTIONS_A_BRIDGE = mentions('ILIKE');

function mentions(like: string): string {
  return `(${INDEXED_BRIDGE_ADDRESSES.map((address) => `fields ${like} '%${address}%'`).join(' OR ')})`;
}

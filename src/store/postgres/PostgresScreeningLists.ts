import { listsByAddress, type ScreeningLists } from '../ScreeningLists.js';
import type { BlockingPostgres } from '../../db/postgres/BlockingPostgres.js';

/** Two books refreshing one list at once take turns, so the list is one fetch's addresses, never a mix. */
const LOCK_LIST = "SELECT pg_advisory_xact_lock(hashtextextended('ledgerscan screening list ' || $1 || ' ' || $2, 0))";

const INSERT_ADDRESSES = `INSERT INTO screening_addresses (chain_id, label, address)
  SELECT $1, $2, a FROM unnest($3::text[]) AS a ON CONFLICT DO NOTHING`;

const UPSERT_LIST = `INSERT INTO screening_lists (chain_id, label, fetched_at) VALUES ($1, $2, $3)
  ON CONFLICT (chain_id, label) DO UPDATE SET fetched_at = excluded.fetched_at`;

/** The `screening_lists` and `screening_addresses` tables of the PostgreSQL schema, shared by every book. */
export class PostgresScreeningLists implements ScreeningLists {
  constructor(private readonly db: BlockingPostgres) {}

  fetchedAt(chainId: number, label: string): string | null {
    const [row] = this.db.query({
      sql: 'SELECT fetched_at FROM screening_lists WHERE chain_id = $1 AND label = $2',
      params: [chainId, label],
    });
    return row === undefined ? null : (row[0] as string);
  }

  put(chainId: number, label: string, addresses: readonly string[], fetchedAt: string): void {
    this.db.transaction(() =>
      this.db.query(
        { sql: LOCK_LIST, params: [chainId, label] },
        { sql: 'DELETE FROM screening_addresses WHERE chain_id = $1 AND label = $2', params: [chainId, label] },
        { sql: INSERT_ADDRESSES, params: [chainId, label, addresses.map((address) => address.toLowerCase())] },
        { sql: UPSERT_LIST, params: [chainId, label, fetchedAt] },
      ),
    );
  }

  size(chainId: number, label: string): number {
    const [row] = this.db.query({
      sql: 'SELECT count(*) FROM screening_addresses WHERE chain_id = $1 AND label = $2',
      params: [chainId, label],
    });
    return (row?.[0] as number | undefined) ?? 0;
  }

  listsOf(chainId: number, addresses: readonly string[]): Map<string, string[]> {
    const rows = this.db.query({
      sql: 'SELECT label, address FROM screening_addresses WHERE chain_id = $1 AND address = ANY($2::text[]) ORDER BY address, label',
      params: [chainId, addresses.map((address) => address.toLowerCase())],
    });
    return listsByAddress(rows.map(([label, address]) => ({ label: label as string, address: address as string })));
  }
}

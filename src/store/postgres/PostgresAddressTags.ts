import type { WireAddressTag } from '../../etherscan/WireAddressTag.js';
import type { AddressTags, StoredAddressTag } from '../AddressTags.js';
import type { BlockingPostgres } from '../../db/postgres/BlockingPostgres.js';

/** Two books asking the same address at once both stored the API's one answer: the later write wins, harmlessly. */
const PUT = `INSERT INTO address_tags (chain_id, address, raw, fetched_at)
  SELECT $1, t.address, t.raw, $4 FROM unnest($2::text[], $3::text[]) AS t (address, raw)
  ON CONFLICT (chain_id, address) DO UPDATE SET raw = excluded.raw, fetched_at = excluded.fetched_at`;

/** The `address_tags` table of the PostgreSQL schema, shared by every book. */
export class PostgresAddressTags implements AddressTags {
  constructor(private readonly db: BlockingPostgres) {}

  unknown(chainId: number, addresses: readonly string[]): string[] {
    const lower = addresses.map((address) => address.toLowerCase());
    const known = new Set(
      this.db
        .query({ sql: 'SELECT address FROM address_tags WHERE chain_id = $1 AND address = ANY($2::text[])', params: [chainId, lower] })
        .map((row) => row[0] as string),
    );
    return lower.filter((address) => !known.has(address));
  }

  put(chainId: number, asked: readonly string[], tags: readonly WireAddressTag[], fetchedAt: string): void {
    const byAddress = new Map(tags.map((tag) => [tag.address.toLowerCase(), tag]));
    // One row per address, as in SQLite where a repeated address replaces itself within the transaction.
    const addresses = [...new Set(asked.map((address) => address.toLowerCase()))];
    const raws = addresses.map((address) => {
      const tag = byAddress.get(address);
      return tag === undefined ? null : JSON.stringify(tag);
    });
    this.db.query({ sql: PUT, params: [chainId, addresses, raws, fetchedAt] });
  }

  ofChain(chainId: number): StoredAddressTag[] {
    return this.db
      .query({ sql: 'SELECT address, raw, fetched_at FROM address_tags WHERE chain_id = $1 ORDER BY address', params: [chainId] })
      .map(([address, raw, fetchedAt]) => ({
        address: address as string,
        tag: raw === null ? null : (JSON.parse(raw as string) as WireAddressTag),
        fetchedAt: fetchedAt as string,
      }));
  }
}

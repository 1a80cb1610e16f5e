import type Database from 'better-sqlite3';
import type { WireAddressTag } from '../etherscan/WireAddressTag.js';
import type { AddressTags, StoredAddressTag } from './AddressTags.js';

/** The `address_tags` table of an SQLite store: each (chain, address) asked once, its answer kept for good. */
export class AddressTagTable implements AddressTags {
  private readonly statements;

  constructor(private readonly db: Database.Database) {
    this.statements = {
      known: db
        .prepare<[number, string], string>(
          'SELECT address FROM address_tags WHERE chain_id = ? AND address IN (SELECT value FROM json_each(?))',
        )
        .pluck(),
      insert: db.prepare('INSERT OR REPLACE INTO address_tags (chain_id, address, raw, fetched_at) VALUES (?, ?, ?, ?)'),
      ofChain: db.prepare<[number], { address: string; raw: string | null; fetched_at: string }>(
        'SELECT address, raw, fetched_at FROM address_tags WHERE chain_id = ? ORDER BY address',
      ),
    };
  }

  unknown(chainId: number, addresses: readonly string[]): string[] {
    const lower = addresses.map((address) => address.toLowerCase());
    const known = new Set(this.statements.known.all(chainId, JSON.stringify(lower)));
    return lower.filter((address) => !known.has(address));
  }

  put(chainId: number, asked: readonly string[], tags: readonly WireAddressTag[], fetchedAt: string): void {
    const byAddress = new Map(tags.map((tag) => [tag.address.toLowerCase(), tag]));
    this.db.transaction(() => {
      for (const address of asked) {
        const lower = address.toLowerCase();
        const tag = byAddress.get(lower);
        this.statements.insert.run(chainId, lower, tag === undefined ? null : JSON.stringify(tag), fetchedAt);
      }
    })();
  }

  ofChain(chainId: number): StoredAddressTag[] {
    return this.statements.ofChain.all(chainId).map((row) => ({
      address: row.address,
      tag: row.raw === null ? null : (JSON.parse(row.raw) as WireAddressTag),
      fetchedAt: row.fetched_at,
    }));
  }
}

import type Database from 'better-sqlite3';
import { listsByAddress, type ScreeningLists } from './ScreeningLists.js';

/** The `screening_lists` and `screening_addresses` tables of an SQLite store. */
export class ScreeningListTable implements ScreeningLists {
  private readonly statements;

  constructor(private readonly db: Database.Database) {
    this.statements = {
      fetchedAt: db.prepare<[number, string], string>('SELECT fetched_at FROM screening_lists WHERE chain_id = ? AND label = ?').pluck(),
      upsertList: db.prepare(
        `INSERT INTO screening_lists (chain_id, label, fetched_at) VALUES (?, ?, ?)
         ON CONFLICT (chain_id, label) DO UPDATE SET fetched_at = excluded.fetched_at`,
      ),
      clear: db.prepare('DELETE FROM screening_addresses WHERE chain_id = ? AND label = ?'),
      insert: db.prepare('INSERT OR IGNORE INTO screening_addresses (chain_id, label, address) VALUES (?, ?, ?)'),
      listed: db.prepare<[number, string], { label: string; address: string }>(
        `SELECT label, address FROM screening_addresses
         WHERE chain_id = ? AND address IN (SELECT value FROM json_each(?)) ORDER BY address, label`,
      ),
      count: db.prepare<[number, string], number>('SELECT count(*) FROM screening_addresses WHERE chain_id = ? AND label = ?').pluck(),
    };
  }

  fetchedAt(chainId: number, label: string): string | null {
    return this.statements.fetchedAt.get(chainId, label) ?? null;
  }

  put(chainId: number, label: string, addresses: readonly string[], fetchedAt: string): void {
    this.db.transaction(() => {
      this.statements.clear.run(chainId, label);
      for (const address of addresses) this.statements.insert.run(chainId, label, address.toLowerCase());
      this.statements.upsertList.run(chainId, label, fetchedAt);
    })();
  }

  size(chainId: number, label: string): number {
    return this.statements.count.get(chainId, label) ?? 0;
  }

  listsOf(chainId: number, addresses: readonly string[]): Map<string, string[]> {
    return listsByAddress(this.statements.listed.all(chainId, JSON.stringify(addresses.map((a) => a.toLowerCase()))));
  }
}

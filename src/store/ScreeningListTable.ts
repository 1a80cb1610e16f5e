import type Database from 'better-sqlite3';

/** The `screening_lists` and `screening_addresses` tables: each (chain, label) list as last fetched, and when. */
export class ScreeningListTable {
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

  /** ISO time the list was last stored, or `null` when it never was. */
  fetchedAt(chainId: number, label: string): string | null {
    return this.statements.fetchedAt.get(chainId, label) ?? null;
  }

  /** Replaces the list with `addresses` (lowercased), in one transaction. */
  put(chainId: number, label: string, addresses: readonly string[], fetchedAt: string): void {
    this.db.transaction(() => {
      this.statements.clear.run(chainId, label);
      for (const address of addresses) this.statements.insert.run(chainId, label, address.toLowerCase());
      this.statements.upsertList.run(chainId, label, fetchedAt);
    })();
  }

  /** How many addresses the stored list holds. */
  size(chainId: number, label: string): number {
    return this.statements.count.get(chainId, label) ?? 0;
  }

  /** The stored lists each of `addresses` is on, by address (addresses on none are absent). */
  listsOf(chainId: number, addresses: readonly string[]): Map<string, string[]> {
    const found = new Map<string, string[]>();
    for (const { label, address } of this.statements.listed.all(chainId, JSON.stringify(addresses.map((a) => a.toLowerCase())))) {
      const labels = found.get(address);
      if (labels === undefined) found.set(address, [label]);
      else labels.push(label);
    }
    return found;
  }
}

import type Database from 'better-sqlite3';
import type { PriceCache, PriceSeries } from '../prices/PriceCache.js';
import type { PriceRecord } from '../prices/PriceRecord.js';

/** bucket, price, time, confidence: rows as arrays, not objects keyed by column (a million-row export reads 174k). */
type Row = [number, string | null, number | null, number | null];

/** The `prices` table of an SQLite store: each source, asset, currency and bucket asked once ever. */
export class PriceTable implements PriceCache {
  private readonly statements;

  constructor(private readonly db: Database.Database) {
    this.statements = {
      get: db
        .prepare<[string, number, string, string, number, number], Row>(
          'SELECT bucket, price, time, confidence FROM prices WHERE source = ? AND chain_id = ? AND asset = ? AND currency = ? AND bucket BETWEEN ? AND ? ORDER BY bucket',
        )
        .raw(true),
      put: db.prepare('INSERT OR IGNORE INTO prices (source, chain_id, asset, currency, bucket, price, time, confidence) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
    };
  }

  get(series: PriceSeries, from: number, to: number): PriceRecord[] {
    const { source, chainId, asset, currency } = series;
    // A literal, not a spread of two objects: a series of a million-row export is read in tens of thousands of rows.
    return this.statements.get.all(source, chainId, asset, currency, from, to).map(([bucket, price, time, confidence]) => ({ source, chainId, asset, currency, bucket, price, time, confidence }));
  }

  put(records: readonly PriceRecord[]): void {
    this.db.transaction(() => {
      for (const r of records) this.statements.put.run(r.source, r.chainId, r.asset, r.currency, r.bucket, r.price, r.time, r.confidence);
    })();
  }
}

import type Database from 'better-sqlite3';
import type { PriceCache, PriceSeries, PriceSpan } from '../prices/PriceCache.js';
import type { PriceRecord } from '../prices/PriceRecord.js';

/**
 * A record as one JSON array: its bucket's offset from the range's start, price, its time's offset from its bucket,
 * confidence. Offsets are small integers, which JSON.parse reads on its fast path; a ten-digit time took V8's
 * general number parser, and SQLite's formatter to write it.
 */
type Row = [number, string | null, number | null, number | null];

/** The `prices` table of an SQLite store: each source, asset, currency and bucket asked once ever. */
export class PriceTable implements PriceCache {
  private readonly statements;

  constructor(private readonly db: Database.Database) {
    this.statements = {
      // One JSON text for the whole range, parsed by JSON.parse: better-sqlite3 builds a row's array through V8's
      // API, one generic property store a column, ≈ 5,000 instructions a record (a million-row valued export
      // reads 180,000). SQLite writes a REAL with up to 17 digits, so each double reads back as the same double.
      // The aggregate takes the subquery's rows in their order, the primary key's (test/store/store.test.ts pins
      // it); an ORDER BY inside the aggregate sorted them again in a temporary B-tree.
      get: db
        .prepare<[number, string, number, string, string, number, number], string>(
          `SELECT json_group_array(json_array(bucket - CAST(? AS INTEGER), price, time - bucket, confidence)) FROM (
             SELECT bucket, price, time, confidence FROM prices
             WHERE source = ? AND chain_id = ? AND asset = ? AND currency = ? AND bucket BETWEEN ? AND ? ORDER BY bucket)`,
        )
        .pluck(true),
      put: db.prepare(
        'INSERT OR IGNORE INTO prices (source, chain_id, asset, currency, bucket, price, time, confidence) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
    };
  }

  get(series: PriceSeries, from: number, to: number): PriceRecord[] {
    const { source, chainId, asset, currency } = series;
    const rows = JSON.parse(this.statements.get.get(from, source, chainId, asset, currency, from, to) ?? '[]') as Row[];
    // A literal, not a spread of two objects: a series of a million-row export is read in tens of thousands of rows.
    return rows.map(([offset, price, late, confidence]) => {
      const bucket = from + offset;
      return { source, chainId, asset, currency, bucket, price, time: late === null ? null : bucket + late, confidence };
    });
  }

  /** A read of the file costs no round trip: one `get` each. */
  getMany(spans: readonly PriceSpan[]): PriceRecord[] {
    return spans.flatMap(({ series, from, to }) => this.get(series, from, to));
  }

  put(records: readonly PriceRecord[]): void {
    this.db.transaction(() => {
      for (const r of records) this.statements.put.run(r.source, r.chainId, r.asset, r.currency, r.bucket, r.price, r.time, r.confidence);
    })();
  }
}

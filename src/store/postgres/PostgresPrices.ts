import type { BlockingPostgres } from '../../db/postgres/BlockingPostgres.js';
import type { PriceCache, PriceSeries } from '../../prices/PriceCache.js';
import type { PriceRecord } from '../../prices/PriceRecord.js';

const GET = `SELECT bucket, price, time, confidence FROM prices
  WHERE source = $1 AND chain_id = $2 AND asset = $3 AND currency = $4 AND bucket BETWEEN $5 AND $6 ORDER BY bucket`;

/** Two books pricing one asset at once both stored the source's one answer: the first write stays. */
const PUT = `INSERT INTO prices (source, chain_id, asset, currency, bucket, price, time, confidence)
  SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::bigint[], $8::float8[])
  ON CONFLICT DO NOTHING`;

/** The `prices` table of the PostgreSQL schema, shared by every book (a price is a fact about an asset). */
export class PostgresPrices implements PriceCache {
  constructor(private readonly db: BlockingPostgres) {}

  get(series: PriceSeries, from: number, to: number): PriceRecord[] {
    return this.db
      .query({ sql: GET, params: [series.source, series.chainId, series.asset, series.currency, from, to] })
      .map(([bucket, price, time, confidence]) => ({
        ...series,
        bucket: Number(bucket),
        price: price as string | null,
        time: time === null ? null : Number(time),
        confidence: confidence as number | null,
      }));
  }

  put(records: readonly PriceRecord[]): void {
    if (records.length === 0) return;
    const column = <K extends keyof PriceRecord>(key: K) => records.map((record) => record[key]);
    const params = [
      column('source'),
      column('chainId'),
      column('asset'),
      column('currency'),
      column('bucket'),
      column('price'),
      column('time'),
      column('confidence'),
    ];
    this.db.query({ sql: PUT, params });
  }
}

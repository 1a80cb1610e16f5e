import type { BlockingPostgres } from '../../db/postgres/BlockingPostgres.js';
import type { PriceCache, PriceSeries, PriceSpan } from '../../prices/PriceCache.js';
import type { PriceRecord } from '../../prices/PriceRecord.js';

const GET = `SELECT bucket, price, time, confidence FROM prices
  WHERE source = $1 AND chain_id = $2 AND asset = $3 AND currency = $4 AND bucket BETWEEN $5 AND $6 ORDER BY bucket`;

/** Every span's records in one statement, span after span (`n`), each by bucket. */
const GET_MANY = `SELECT p.source, p.chain_id, p.asset, p.currency, p.bucket, p.price, p.time, p.confidence
  FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::bigint[], $6::bigint[]) WITH ORDINALITY
    AS w (source, chain_id, asset, currency, from_bucket, to_bucket, n)
  JOIN prices p ON p.source = w.source AND p.chain_id = w.chain_id AND p.asset = w.asset AND p.currency = w.currency
    AND p.bucket BETWEEN w.from_bucket AND w.to_bucket
  ORDER BY w.n, p.bucket`;

/** Two books pricing one asset at once both stored the source's one answer: the first write stays. */
const PUT = `INSERT INTO prices (source, chain_id, asset, currency, bucket, price, time, confidence)
  SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::bigint[], $8::float8[])
  ON CONFLICT DO NOTHING`;

/** A record's bucket columns as both reads select them last: bucket, price, time, confidence. */
function bucketOf([bucket, price, time, confidence]: readonly unknown[]): Omit<PriceRecord, keyof PriceSeries> {
  return {
    bucket: Number(bucket),
    price: price as string | null,
    time: time === null ? null : Number(time),
    confidence: confidence as number | null,
  };
}

/** The `prices` table of the PostgreSQL schema, shared by every book (a price is a fact about an asset). */
export class PostgresPrices implements PriceCache {
  constructor(private readonly db: BlockingPostgres) {}

  get(series: PriceSeries, from: number, to: number): PriceRecord[] {
    return this.db
      .query({ sql: GET, params: [series.source, series.chainId, series.asset, series.currency, from, to] })
      .map((row) => ({ ...series, ...bucketOf(row) }));
  }

  getMany(spans: readonly PriceSpan[]): PriceRecord[] {
    if (spans.length === 0) return [];
    const column = <K extends keyof PriceSeries>(key: K) => spans.map((span) => span.series[key]);
    const ends = (end: 'from' | 'to') => spans.map((span) => span[end]);
    const params = [column('source'), column('chainId'), column('asset'), column('currency'), ends('from'), ends('to')];
    return this.db.query({ sql: GET_MANY, params }).map(([source, chainId, asset, currency, ...row]) => ({
      source: source as string,
      chainId: chainId as number,
      asset: asset as string,
      currency: currency as string,
      ...bucketOf(row),
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

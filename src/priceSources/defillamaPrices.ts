import { chainPriceIds } from '../chains/priceIds.js';
import type { PriceHttp } from './priceHttp.js';
import { plainDecimal } from './plainDecimal.js';
import { allBuckets, type Emit, nearestRecord, type SeriesAsk, type SourceRecord } from './SourceResult.js';

/** Per call: ids kept well under DefiLlama's 413/414 limits, timestamps so the URL stays short. */
const MAX_IDS = 100;
const MAX_TIMES = 300;

/** DefiLlama's id of an asset: `{chain}:{contract}`, or `coingecko:{id}` for the gas coin. */
export function defillamaId(chainId: number, asset: string): string | undefined {
  const ids = chainPriceIds(chainId);
  if (ids === undefined) return undefined;
  return asset === 'native' ? `coingecko:${ids.native}` : `${ids.defillama}:${asset}`;
}

/**
 * USD records from `/batchHistorical`, asked at each hour bucket with a one-hour search width, batched by ids
 * and timestamps. An id DefiLlama leaves out of its answer has no record there: `not found`.
 */
export async function defillamaPrices(http: PriceHttp, baseUrl: string, asks: readonly SeriesAsk[], emit: Emit): Promise<void> {
  const unknown = asks.filter((ask) => defillamaId(ask.chainId, ask.asset) === undefined);
  if (unknown.length > 0) emit(allBuckets(unknown, 'not found'));
  for (const batch of defillamaBatches(asks)) {
    const coins = coinTimes(batch);
    const fetched = await http.get(
      `${baseUrl.replace(/\/$/, '')}/batchHistorical?coins=${encodeURIComponent(JSON.stringify(coins))}&searchWidth=1h`,
    );
    if (fetched.kind !== 'ok') {
      emit(allBuckets(batch, fetched.kind));
      continue;
    }
    const answer = parse(fetched.body);
    if (answer === undefined) {
      emit(allBuckets(batch, 'source failed'));
      continue;
    }
    emit(
      batch.flatMap((ask) =>
        ask.buckets.map((bucket) => ({
          chainId: ask.chainId,
          asset: ask.asset,
          bucket,
          outcome: nearestRecord(answer[ask.id] ?? [], bucket, 3600),
        })),
      ),
    );
  }
}

/**
 * The `coins` parameter: each id with every hour its asks need. Asks can share an id (chain 1's and OP Mainnet's
 * gas coin are both `coingecko:ethereum`), and one id's hours must not replace another ask's.
 */
function coinTimes(batch: readonly (SeriesAsk & { id: string })[]): Record<string, number[]> {
  const times = new Map<string, Set<number>>();
  for (const ask of batch) for (const bucket of ask.buckets) times.set(ask.id, (times.get(ask.id) ?? new Set()).add(bucket));
  return Object.fromEntries([...times].map(([id, buckets]) => [id, [...buckets].sort((a, b) => a - b)]));
}

/** The calls `defillamaPrices` makes for these asks (the plan's expected calls). */
export function defillamaCalls(asks: readonly SeriesAsk[]): number {
  return [...defillamaBatches(asks)].length;
}

function defillamaBatches(asks: readonly SeriesAsk[]): Generator<(SeriesAsk & { id: string })[]> {
  return batches(
    asks.flatMap((ask) => {
      const id = defillamaId(ask.chainId, ask.asset);
      return id === undefined ? [] : [{ ...ask, id }];
    }),
  );
}

function* batches<T extends SeriesAsk>(asks: readonly T[]): Generator<T[]> {
  let batch: T[] = [];
  let times = 0;
  for (const ask of asks.flatMap((whole) => chunks(whole, MAX_TIMES))) {
    if (batch.length > 0 && (batch.length >= MAX_IDS || times + ask.buckets.length > MAX_TIMES)) {
      yield batch;
      batch = [];
      times = 0;
    }
    batch.push(ask);
    times += ask.buckets.length;
  }
  if (batch.length > 0) yield batch;
}

function chunks<T extends SeriesAsk>(ask: T, size: number): T[] {
  const parts: T[] = [];
  for (let start = 0; start < ask.buckets.length; start += size) parts.push({ ...ask, buckets: ask.buckets.slice(start, start + size) });
  return parts;
}

/** `{"coins":{"id":{"prices":[{"timestamp","price","confidence"}]}}}`; records with a bad price are dropped. */
function parse(body: string): Record<string, SourceRecord[]> | undefined {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return undefined;
  }
  const coins = (data as { coins?: unknown }).coins;
  if (typeof coins !== 'object' || coins === null) return undefined;
  const out: Record<string, SourceRecord[]> = {};
  for (const [id, coin] of Object.entries(coins as Record<string, { prices?: unknown }>)) {
    const prices = Array.isArray(coin.prices) ? (coin.prices as { timestamp?: unknown; price?: unknown; confidence?: unknown }[]) : [];
    out[id] = prices.flatMap((record) => {
      const price = plainDecimal(record.price);
      if (price === undefined || typeof record.timestamp !== 'number') return [];
      return [{ price, time: record.timestamp, confidence: typeof record.confidence === 'number' ? record.confidence : null }];
    });
  }
  return out;
}

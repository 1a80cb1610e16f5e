import { chainPriceIds } from '../chains/priceIds.js';
import type { PriceHttp } from './priceHttp.js';
import { plainDecimal } from './plainDecimal.js';
import { allBuckets, type Emit, nearestRecord, type SeriesAsk } from './SourceResult.js';

const DAY = 86400;
/** `market_chart/range` is hourly up to 90 days; longer ranges come daily. */
const WINDOW = 89 * DAY;
/** The demo plan serves the last 365 days only. */
const DEMO_HISTORY = 365 * DAY;

export interface CoingeckoAccess {
  baseUrl: string;
  key: string;
  /** Unix seconds now, for the demo plan's window. */
  now: number;
}

/** A key on the pro host goes in the pro header; every other host is the demo (public) API. */
function keyHeader(access: CoingeckoAccess): Record<string, string> {
  return new URL(access.baseUrl).hostname.startsWith('pro-api.') ? { 'x-cg-pro-api-key': access.key } : { 'x-cg-demo-api-key': access.key };
}

/**
 * Records in the book's currency from `market_chart/range` by platform + contract (the gas coin by its id), in
 * windows short enough to stay hourly. On the demo plan, buckets older than 365 days are not asked.
 */
export async function coingeckoPrices(
  http: PriceHttp,
  access: CoingeckoAccess,
  currency: string,
  asks: readonly SeriesAsk[],
  emit: Emit,
): Promise<void> {
  const demo = 'x-cg-demo-api-key' in keyHeader(access);
  for (const ask of asks) {
    const ids = chainPriceIds(ask.chainId);
    if (ids === undefined) {
      emit(allBuckets([ask], 'not found'));
      continue;
    }
    const path = ask.asset === 'native' ? `coins/${ids.native}` : `coins/${ids.coingeckoPlatform}/contract/${ask.asset}`;
    const oldest = demo ? access.now - DEMO_HISTORY + DAY : Number.NEGATIVE_INFINITY;
    const asked = ask.buckets.filter((bucket) => bucket >= oldest);
    emit(allBuckets([{ ...ask, buckets: ask.buckets.filter((bucket) => bucket < oldest) }], 'not found here'));
    for (const window of windows(asked)) {
      const from = (window[0] as number) - 3600;
      const to = (window.at(-1) as number) + 3600;
      const url = `${access.baseUrl.replace(/\/$/, '')}/${path}/market_chart/range?vs_currency=${currency.toLowerCase()}&from=${from}&to=${to}`;
      const fetched = await http.get(url, keyHeader(access));
      const part = { ...ask, buckets: window };
      if (fetched.kind !== 'ok') {
        emit(allBuckets([part], fetched.kind));
        continue;
      }
      const records = parse(fetched.body);
      if (records === undefined) emit(allBuckets([part], 'source failed'));
      else
        emit(window.map((bucket) => ({ chainId: ask.chainId, asset: ask.asset, bucket, outcome: nearestRecord(records, bucket, 3600) })));
    }
  }
}

function windows(buckets: readonly number[]): number[][] {
  const sorted = [...buckets].sort((a, b) => a - b);
  const out: number[][] = [];
  for (const bucket of sorted) {
    const last = out.at(-1);
    if (last !== undefined && bucket - (last[0] as number) <= WINDOW) last.push(bucket);
    else out.push([bucket]);
  }
  return out;
}

function parse(body: string): { price: string; time: number; confidence: null }[] | undefined {
  try {
    const prices = (JSON.parse(body) as { prices?: unknown }).prices;
    if (!Array.isArray(prices)) return undefined;
    return (prices as unknown[]).flatMap((point) => {
      if (!Array.isArray(point) || typeof point[0] !== 'number') return [];
      const price = plainDecimal(point[1]);
      return price === undefined ? [] : [{ price, time: Math.floor(point[0] / 1000), confidence: null }];
    });
  } catch {
    return undefined;
  }
}
